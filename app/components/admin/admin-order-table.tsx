import {
  type AdminOrderQuery,
  type AdminOrderSortKey,
  adminOrderSearch,
} from "@common/admin/admin-order-query";
import { formatLongDate } from "@common/dates";
import { formatPence } from "@common/money";
import { formatOrderNumber } from "@common/orders/order-number";
import type { AdminOrderRow, PackingOrderRow } from "@common/orders/order-types";
import { OrderStatusPills } from "~/components/orders/status-badge";
import { PageLinks } from "~/components/ui/page-links";
import { ShopLink } from "~/components/ui/shop-link";
import { type SortableColumn, SortableHead } from "./sort-header";

const columns: SortableColumn<AdminOrderSortKey>[] = [
  { key: "date", label: "Date" },
  { key: null, label: "Order" },
  { key: "customer", label: "Customer" },
  { key: "items", label: "Items", numeric: true },
  { key: "total", label: "Total", numeric: true },
  { key: "status", label: "Status" },
];

/**
 * Orders as the admin reads them (docs/product.md#screens: admin-orders): each row opens the order. With a
 * `query`, the headers sort and the pages follow it; without, a plain list (the overview's).
 */
export function AdminOrderTable({
  orders,
  query,
  pageCount = 1,
  caption,
}: {
  /** Full rows, or fulfilment staff's without money or email (no Total column then). */
  orders: readonly AdminOrderRow[] | readonly PackingOrderRow[];
  query?: AdminOrderQuery;
  pageCount?: number;
  caption: string;
}) {
  const withMoney = orders.every((order) => "totalPence" in order);
  if (orders.length === 0) {
    return (
      <p className="rounded-[var(--radius-card)] border border-line bg-white p-8 text-center text-ink-muted">
        No orders found.
      </p>
    );
  }
  return (
    <>
      {/* On a phone each order is a stacked row (customer and total, then order and status, then
          the date); from a tablet up, a table that may scroll sideways: focusable, so a keyboard
          can scroll it too. */}
      <section
        aria-label={caption}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard (WCAG 2.1.1).
        tabIndex={0}
        className="overflow-x-auto rounded-[var(--radius-card)] border border-line bg-white shadow-soft focus-visible:outline-2"
      >
        <table className="w-full text-left text-sm max-md:block md:min-w-[44rem]">
          <caption className="sr-only">{caption}</caption>
          <SortableHead<AdminOrderSortKey>
            columns={withMoney ? columns : columns.filter((column) => column.key !== "total")}
            sorting={
              query && {
                sort: query.sort,
                dir: query.dir,
                href: (sort, dir) => adminOrderSearch({ ...query, sort, dir, page: 1 }) || "?",
              }
            }
          />
          <tbody className="divide-y divide-line max-md:block">
            {orders.map((order: AdminOrderRow | PackingOrderRow) => (
              <tr
                key={order.id}
                data-testid="admin-order-row"
                className="hover:bg-paper/60 max-md:grid max-md:grid-cols-[1fr_auto] max-md:gap-x-4 max-md:gap-y-1 max-md:px-4 max-md:py-3"
              >
                <td className="px-4 py-3 whitespace-nowrap max-md:order-5 max-md:col-span-2 max-md:p-0 max-md:text-xs max-md:text-ink-muted">
                  {formatLongDate(new Date(order.createdAt))}
                </td>
                <td className="px-4 py-3 font-mono text-sm whitespace-nowrap max-md:order-3 max-md:p-0">
                  <ShopLink
                    to={`/dashboard/admin-orders/${encodeURIComponent(order.id)}`}
                    className="text-brand-strong underline-offset-2 hover:underline"
                  >
                    {formatOrderNumber(order.number)}
                  </ShopLink>
                </td>
                <td className="min-w-0 px-4 py-3 max-md:order-1 max-md:p-0">
                  <span className="block font-medium">{order.customerFullName}</span>
                  {"customerEmail" in order ? (
                    <span className="block truncate text-ink-muted">{order.customerEmail}</span>
                  ) : null}
                </td>
                <td className="px-4 py-3 text-right max-md:hidden">{order.items}</td>
                {"totalPence" in order ? (
                  <td className="px-4 py-3 text-right font-semibold max-md:order-2 max-md:p-0">
                    {formatPence(order.totalPence)}
                  </td>
                ) : null}
                <td className="px-4 py-3 max-md:order-4 max-md:p-0 max-md:text-right">
                  <OrderStatusPills
                    order={"refundedPence" in order ? order : { ...order, refundedPence: 0 }}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {query && pageCount > 1 ? (
        <PageLinks
          label="Pages of orders"
          page={query.page}
          pageCount={pageCount}
          href={(page) => adminOrderSearch({ ...query, page }) || "?"}
        />
      ) : null}
    </>
  );
}
