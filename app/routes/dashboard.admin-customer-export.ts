import { requireUser } from "@server/auth/guards";
import { exportCustomerData } from "@server/customers/customer-privacy";
import { getDb } from "@server/db/connection";
import { DomainError, httpStatusFor } from "@server/errors";
import { readForm } from "@server/http/form-request";
import { data } from "react-router";
import type { Route } from "./+types/dashboard.admin-customer-export";

// POST /dashboard/admin-customers/:userId/export: everything the shop holds about a customer, as
// a JSON file to hand them (behind the admin's guard, dashboard.admin). A post, not a link: the
// page asks first, and each copy made is recorded in the audit log.

export async function action({ request, params, url }: Route.ActionArgs) {
  const admin = await requireUser(request, url);
  try {
    // The form carries nothing, but is read as every form is: what no form may hold is refused.
    await readForm(request);
    const exported = await exportCustomerData(await getDb(), admin.id, params.userId);
    const day = new Date().toISOString().slice(0, 10);
    return new Response(`${JSON.stringify(exported, null, 2)}\n`, {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="customer-data-${day}.json"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (error instanceof DomainError)
      throw data(error.message, { status: httpStatusFor(error.code) });
    throw error;
  }
}
