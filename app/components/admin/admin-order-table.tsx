import { Link } from "react-router";
import { cn } from "~/lib/class-names";
import { formatLongDate } from "~/lib/dates";
import { formatPence } from "~/lib/money";
import { type AdminOrderRow, orderStatusLabel } from "~/lib/order-types";

/** Every order, newest first, a page at a time (seed spec §2: admin-orders). */
export function AdminOrderTable({
  orders,
  page,
  pageCount,
}: {
  orders: AdminOrderRow[];
  page: number;
  pageCount: number;
}) {
  if (orders.length === 0) {
    return (
      <p className="rounded-[var(--radius-card)] border border-line bg-white p-8 text-center text-ink-muted">
        No orders found.
      </p>
    );
  }
  return (
    <>
      {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it too. */}
      <section
        aria-label="Orders table"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard (WCAG 2.1.1).
        tabIndex={0}
        className="overflow-x-auto rounded-[var(--radius-card)] border border-line bg-white shadow-soft focus-visible:outline-2"
      >
        <table className="w-full min-w-[44rem] text-left text-sm">
          <caption className="sr-only">Orders, newest first</caption>
          <thead className="border-b border-line bg-paper text-ink-muted">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                Date
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Order
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Customer
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Items
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Total
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Status
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {orders.map((order) => (
              <tr key={order.id}>
                <td className="px-4 py-3 whitespace-nowrap">
                  {formatLongDate(new Date(order.createdAt))}
                </td>
                <td className="max-w-[10rem] truncate px-4 py-3 font-mono text-xs" title={order.id}>
                  {order.id}
                </td>
                <td className="px-4 py-3">
                  <span className="block font-medium">{order.customerFullName}</span>
                  <span className="block text-ink-muted">{order.customerEmail}</span>
                </td>
                <td className="px-4 py-3 text-right">{order.items}</td>
                <td className="px-4 py-3 text-right font-semibold">
                  {formatPence(order.totalPence)}
                </td>
                <td className="px-4 py-3">
                  <span className="rounded-full bg-brand-soft px-3 py-0.5 text-xs font-semibold text-brand-strong">
                    {orderStatusLabel(order.status)}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {pageCount > 1 ? (
        <nav aria-label="Pages of orders" className="mt-6">
          <ul className="flex flex-wrap gap-2">
            {Array.from({ length: pageCount }, (_, index) => index + 1).map((number) => (
              <li key={number}>
                <Link
                  to={number === 1 ? "?" : `?page=${number}`}
                  aria-current={number === page ? "page" : undefined}
                  aria-label={`Page ${number}`}
                  className={cn(
                    "inline-flex size-10 items-center justify-center rounded-full border text-sm font-medium",
                    number === page
                      ? "border-brand bg-brand text-white"
                      : "border-line bg-white text-ink hover:bg-mint/60",
                  )}
                >
                  {number}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </>
  );
}
