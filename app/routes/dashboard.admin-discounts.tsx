import { routeMeta } from "@common/seo";
import { adminActor } from "@server/audit/audit-log";
import { requireUser } from "@server/auth/guards";
import { listAdminCategories } from "@server/catalog/category-editor";
import { getDb } from "@server/db/connection";
import {
  createDiscountCode,
  listDiscountCodes,
  updateDiscountCode,
} from "@server/discounts/code-editor";
import { discountFormSchema } from "@server/discounts/discount-form";
import { answerForm, formIntent } from "@server/http/form-action";
import { DiscountCodeForms } from "~/components/admin/discount-code-form";
import type { Route } from "./+types/dashboard.admin-discounts";

// /dashboard/admin-discounts: the shop's discount codes, created, edited and paused, each with its
// uses (behind the admin's guard, dashboard.admin).

export async function loader() {
  const db = await getDb();
  const [codes, categories] = await Promise.all([listDiscountCodes(db), listAdminCategories(db)]);
  return {
    codes,
    categories: categories.map((category) => ({ id: category.id, name: category.name })),
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  const admin = adminActor((await requireUser(request, url)).id);
  const db = await getDb();
  return answerForm(request, {
    save: formIntent(discountFormSchema, ({ id, ...input }) =>
      id ? updateDiscountCode(db, admin, id, input) : createDiscountCode(db, admin, input),
    ),
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, () => ({
    title: "Discounts",
    description: "The shop's discount codes in its admin.",
    path: "/dashboard/admin-discounts",
    noindex: true,
  }));
}

export default function AdminDiscounts({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1 className="text-3xl font-bold tracking-tight">Discounts</h1>
      <p className="mt-2 text-ink-muted">
        A shopper enters one code, in the cart or at checkout. A code and the first-order discount
        never add up: the order takes whichever saves more.
      </p>
      <DiscountCodeForms codes={loaderData.codes} categories={loaderData.categories} />
    </section>
  );
}
