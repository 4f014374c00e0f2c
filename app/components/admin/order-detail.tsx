import type { ReactNode } from "react";
import { Link } from "react-router";
import { cardClass } from "~/components/ui/card";
import { ArrowLeft, TriangleAlert } from "~/components/ui/icons";
import { formatDateTime, formatLongDate } from "~/lib/dates";
import { formatPence } from "~/lib/money";
import { type AdminOrderDetail, orderStatusLabel } from "~/lib/order-types";
import { HistoryList } from "./history-list";
import { RefundResolution } from "./refund-resolution";
import { StatusBadge } from "./status-badge";

function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? "flex justify-between font-semibold" : "flex justify-between"}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** One order as the admin reads it: items, money, customer, payments, and its history. */
export function OrderDetail({
  detail,
  children,
}: {
  detail: AdminOrderDetail;
  children: ReactNode;
}) {
  const { order, items, payments, refunds, history } = detail;
  return (
    <article aria-labelledby="order-heading">
      <Link
        to="/dashboard/admin-orders"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-strong hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        All orders
      </Link>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 id="order-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Order <span className="font-mono text-xl break-all sm:text-2xl">{order.id}</span>
        </h1>
        <StatusBadge status={order.status} label={orderStatusLabel(order.status)} />
      </div>
      <p className="mt-1 text-ink-muted">Placed {formatDateTime(order.createdAt)}</p>

      {children}

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="items-heading" className={cardClass}>
          <h2 id="items-heading" className="text-lg font-semibold">
            Items
          </h2>
          <ul className="mt-3 divide-y divide-line text-sm">
            {items.map((item) => (
              <li key={item.id} className="flex justify-between gap-4 py-2">
                <span>
                  {item.quantity} × {item.productName}
                  {item.variantName === "Default" ? "" : ` (${item.variantName})`}
                </span>
                <span className="whitespace-nowrap">
                  {formatPence(item.unitPricePence * item.quantity)}
                </span>
              </li>
            ))}
          </ul>
          <dl className="mt-3 space-y-1 border-t border-line pt-3 text-sm">
            <Line label="Subtotal" value={formatPence(order.subtotalPence)} />
            {order.discountPence > 0 ? (
              <Line label="First-order discount" value={`−${formatPence(order.discountPence)}`} />
            ) : null}
            <Line
              label="Shipping"
              value={order.shippingPence === 0 ? "Free" : formatPence(order.shippingPence)}
            />
            <Line label="Total" value={formatPence(order.totalPence)} strong />
            <Line label="Including VAT" value={formatPence(order.vatPence)} />
            {order.refundedPence > 0 ? (
              <Line label="Refunded" value={`−${formatPence(order.refundedPence)}`} />
            ) : null}
          </dl>
        </section>

        <section aria-labelledby="customer-heading" className={cardClass}>
          <h2 id="customer-heading" className="text-lg font-semibold">
            Customer
          </h2>
          <dl className="mt-3 space-y-2 text-sm">
            <div>
              <dt className="text-ink-muted">Name</dt>
              <dd className="font-medium">{order.customerFullName}</dd>
            </div>
            <div>
              <dt className="text-ink-muted">Email</dt>
              <dd className="break-all">{order.customerEmail}</dd>
            </div>
            <div>
              <dt className="text-ink-muted">Phone</dt>
              <dd>{order.customerPhone || "Not given"}</dd>
            </div>
            <div>
              <dt className="text-ink-muted">Shipping address</dt>
              <dd className="whitespace-pre-line">{order.shippingAddress}</dd>
            </div>
            <div>
              <dt className="text-ink-muted">Notes</dt>
              <dd className="whitespace-pre-line">{order.notes ?? "None"}</dd>
            </div>
            {order.carrier || order.trackingNumber ? (
              <div>
                <dt className="text-ink-muted">Shipment</dt>
                <dd>
                  {[order.carrier, order.trackingNumber].filter(Boolean).join(" · ")}
                  {order.fulfilledAt ? `, sent ${formatLongDate(new Date(order.fulfilledAt))}` : ""}
                </dd>
              </div>
            ) : null}
          </dl>
        </section>

        <section aria-labelledby="payment-heading" className={cardClass}>
          <h2 id="payment-heading" className="text-lg font-semibold">
            Payment
          </h2>
          <dl className="mt-3 space-y-2 text-sm">
            <div>
              <dt className="text-ink-muted">Provider</dt>
              <dd>
                {order.paymentProvider ?? "None"}{" "}
                {order.providerIntentId ? (
                  <span className="font-mono text-xs break-all">{order.providerIntentId}</span>
                ) : null}
              </dd>
            </div>
            {order.paidAt ? (
              <div>
                <dt className="text-ink-muted">Paid</dt>
                <dd>{formatDateTime(order.paidAt)}</dd>
              </div>
            ) : null}
            {order.paymentError ? (
              <div>
                <dt className="text-ink-muted">Last payment note</dt>
                <dd>{order.paymentError}</dd>
              </div>
            ) : null}
          </dl>
          <h3 className="mt-4 text-sm font-semibold">Provider events</h3>
          {payments.length === 0 ? (
            <p className="mt-1 text-sm text-ink-muted">No events from the provider.</p>
          ) : (
            <ul className="mt-1 space-y-1 text-sm">
              {payments.map((event) => (
                <li key={event.id}>
                  <span className="font-mono text-xs">{event.type}</span> · {event.outcome} ·{" "}
                  {formatDateTime(event.createdAt)}
                </li>
              ))}
            </ul>
          )}
          <h3 className="mt-4 text-sm font-semibold">Refunds</h3>
          {refunds.length === 0 ? (
            <p className="mt-1 text-sm text-ink-muted">No refunds.</p>
          ) : (
            <ul className="mt-1 space-y-1 text-sm">
              {refunds.map((refund) => (
                <li key={refund.id}>
                  {formatPence(refund.amountPence)} ·{" "}
                  {refund.status === "pending" ? "waiting for the provider" : refund.status}
                  {refund.restock ? " · restocked" : ""} · {formatDateTime(refund.createdAt)}
                  {refund.reason ? ` · ${refund.reason}` : ""}
                  {refund.error ? ` · ${refund.error}` : ""}
                  {refund.attention ? (
                    <div className="mt-1 rounded-md border border-coral/40 bg-coral/5 p-3">
                      <p className="flex gap-2">
                        <TriangleAlert
                          className="mt-0.5 size-4 shrink-0 text-coral-strong"
                          aria-hidden="true"
                        />
                        <span>{refund.attention}</span>
                      </p>
                      <RefundResolution refund={refund} />
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="history-heading" className={cardClass}>
          <h2 id="history-heading" className="text-lg font-semibold">
            History
          </h2>
          <HistoryList entries={history} />
        </section>
      </div>
    </article>
  );
}
