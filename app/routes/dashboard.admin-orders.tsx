import { adminOrderSearch } from "@common/admin/admin-order-query";
import { staffMay } from "@common/auth/staff-access";
import { groupThousands } from "@common/numbers";
import { parseAdminOrderQuery, unreadableDateBound } from "@server/admin/admin-order-query";
import { ADMIN_ORDERS_PAGE_SIZE, currentOrdersPage } from "@server/admin/admin-orders";
import { packingOrdersPage } from "@server/admin/packing-order";
import { requireUser } from "@server/auth/guards";
import { getDb } from "@server/db/connection";
import { logger } from "@server/logger";
import { useEffect } from "react";
import { redirect } from "react-router";
import { AdminOrderTable } from "~/components/admin/admin-order-table";
import { OrderFilters } from "~/components/admin/order-filters";
import { showToast } from "~/lib/toast";
import type { Route } from "./+types/dashboard.admin-orders";

// /dashboard/admin-orders: every order, searched, filtered and sorted by the URL's query (behind
// the admin's guard, dashboard.admin).

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  // Staff who only send orders get no money and no emails (docs/decisions/071).
  const full = staffMay(user.staffRole, "orders");
  const query = parseAdminOrderQuery(url.searchParams);
  // Days typed day first (the filters' form) are read, then the URL says them as the URL does
  // everywhere else (YYYY-MM-DD), so the view shared or bookmarked is one address.
  const typedDay = (["from", "to"] as const).some((bound) => {
    const value = url.searchParams.get(bound);
    return value && query[bound] && value !== query[bound];
  });
  // A date that is not a day is said beside its field (the list runs without it), with what was
  // typed kept there to correct.
  const bound = unreadableDateBound(url.searchParams);
  const dateProblem = bound
    ? {
        field: bound,
        typed: url.searchParams.get(bound) ?? "",
        message: "Enter a day as dd/mm/yyyy, for example 27/11/2026.",
      }
    : null;
  if (typedDay && !bound) throw redirect(`${url.pathname}${adminOrderSearch(query)}`);
  try {
    const db = await getDb();
    const { orders, total } = full
      ? await currentOrdersPage(db, query)
      : await packingOrdersPage(db, query);
    const pageCount = Math.max(1, Math.ceil(total / ADMIN_ORDERS_PAGE_SIZE));
    return { orders, total, query, pageCount, dateProblem, full, error: null };
  } catch (error) {
    logger.error({ err: error }, "the admin's orders could not be read");
    const message = "The orders could not be read. Please try again.";
    return { orders: [], total: 0, query, pageCount: 1, dateProblem, full, error: message };
  }
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { query, total, error } = loaderData;
  useEffect(() => {
    if (error) void showToast("Error fetching orders", { description: error, tone: "error" });
  }, [error]);
  return (
    <section>
      <h1 className="text-3xl font-bold tracking-tight">Orders</h1>
      <p className="mt-2 mb-6 text-ink-muted" aria-live="polite">
        {total === 1 ? "1 order" : `${groupThousands(total)} orders`}
        {query.q || query.status || query.from || query.to ? " match" : ""}.
      </p>
      <OrderFilters
        key={JSON.stringify([query, loaderData.dateProblem])}
        query={query}
        dateProblem={loaderData.dateProblem}
        paperwork={loaderData.full}
      />
      <AdminOrderTable
        orders={loaderData.orders}
        query={query}
        pageCount={loaderData.pageCount}
        caption="Orders"
      />
    </section>
  );
}
