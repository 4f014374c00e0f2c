import { TriangleAlert } from "lucide-react";
import { formatLongDate } from "~/lib/dates";
import { formatPence } from "~/lib/money";
import type { RefundDueOrder } from "~/lib/order-types";

/** Payments the shop could not take (a cancelled order, a wrong amount): refund them. */
export function RefundDueList({ orders }: { orders: RefundDueOrder[] }) {
  return (
    <section aria-labelledby="refund-due-heading" className="mt-8">
      <h2 id="refund-due-heading" className="text-xl font-semibold">
        Payments to refund
      </h2>
      {orders.length === 0 ? (
        <p className="mt-3 rounded-[var(--radius-card)] border border-line bg-white p-5 text-ink-muted">
          No payments need a refund.
        </p>
      ) : (
        <ul className="mt-3 space-y-3">
          {orders.map((order) => (
            <li
              key={order.id}
              className="rounded-[var(--radius-card)] border border-coral/40 bg-white p-5 shadow-soft"
            >
              <article aria-label={`Refund due: order ${order.id}`} className="flex gap-3">
                <TriangleAlert
                  className="mt-0.5 size-5 shrink-0 text-coral-strong"
                  aria-hidden="true"
                />
                <div className="min-w-0 text-sm">
                  <p className="font-semibold">
                    Order <span className="font-mono">{order.id}</span> · {order.status} ·{" "}
                    {formatPence(order.totalPence)}
                  </p>
                  <p className="text-ink-muted">
                    {order.customerEmail} · {order.paymentProvider ?? "no provider"}{" "}
                    <span className="font-mono">{order.providerIntentId ?? ""}</span> · flagged{" "}
                    {formatLongDate(new Date(order.updatedAt))}
                  </p>
                  {order.paymentError ? <p className="mt-1">{order.paymentError}</p> : null}
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
