import { routeMeta } from "@common/seo";
import { requireUser } from "@server/auth/guards";
import { eraseCustomer } from "@server/customers/customer-privacy";
import { getAdminCustomer, saveCustomerNote } from "@server/customers/customer-profile";
import { getDb } from "@server/db/connection";
import { DomainError } from "@server/errors";
import { answerForm, formIntent } from "@server/http/form-action";
import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import { z } from "zod";
import { CustomerDetail } from "~/components/admin/customer-detail";
import type { Route } from "./+types/dashboard.admin-customer";

// /dashboard/admin-customers/:userId: one customer, and what the admin may do for them (behind
// the admin's guard, dashboard.admin): the team's note, and erasure at their request. Their data's
// copy is the sibling resource route (dashboard.admin-customer-export).

export async function loader({ params }: Route.LoaderArgs) {
  try {
    return await getAdminCustomer(await getDb(), params.userId);
  } catch (error) {
    if (error instanceof DomainError && error.code === "NOT_FOUND")
      throw data(error.message, { status: 404 });
    throw error;
  }
}

export async function action({ request, params, url }: Route.ActionArgs) {
  const admin = await requireUser(request, url);
  const db = await getDb();
  return answerForm(request, {
    note: formIntent(
      z.object({ note: z.string().trim().max(2000, "Keep the note under 2000 characters.") }),
      ({ note }) => saveCustomerNote(db, admin.id, params.userId, note),
    ),
    erase: formIntent(z.object({}), () => eraseCustomer(db, admin.id, params.userId)),
  });
}

// Once erased, the customer is gone: the page reads nothing more and moves to the list itself.
export function shouldRevalidate({
  formData,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formData?.get("intent") === "erase" ? false : defaultShouldRevalidate;
}

export function meta({ matches, params, loaderData }: Route.MetaArgs) {
  return routeMeta(matches, () => ({
    title: loaderData ? `Customer ${loaderData.customer.name}` : "Customer",
    description: "A customer in the shop's admin.",
    path: `/dashboard/admin-customers/${params.userId}`,
    noindex: true,
  }));
}

export default function AdminCustomer({ loaderData }: Route.ComponentProps) {
  return <CustomerDetail detail={loaderData} />;
}
