import { formatDateTime, formatLongDate } from "@common/dates";
import { orderDeliveryText } from "@common/delivery/delivery";
import { formatPence } from "@common/money";
import type { AdminOrderDetail, OrderDocument } from "@common/orders/order-types";
import type { ReactNode } from "react";
import { OrderDocuments } from "~/components/orders/order-documents";
import { OrderHeading } from "~/components/orders/order-heading";
import { OrderItemsCard } from "~/components/orders/order-items-card";
import { cardClass } from "~/components/ui/card";
import { TriangleAlert } from "~/components/ui/icons";
import { ShopLink } from "~/components/ui/shop-link";
import { HistoryList } from "./history-list";
import { RefundResolution } from "./refund-resolution";

/** The gift cards that paid for the order or that it bought, each linked to its page. */
function OrderGiftCards({ cards }: { cards: AdminOrderDetail["giftCards"] }) {
  if (cards.length === 0) return null;
  return (
    <div className="mt-4 border-t border-line pt-3 text-sm">
      <h3 className="font-semibold">Gift cards</h3>
      <ul className="mt-1 space-y-1">
        {cards.map((card) => (
          <li key={card.id}>
            <ShopLink
              to={`/dashboard/admin-gift-cards/${encodeURIComponent(card.id)}`}
              className="font-medium text-brand-strong underline-offset-2 hover:underline"
            >
              •••• {card.last4}
            </ShopLink>{" "}
            {card.role === "paid" ? "paid for this order" : "bought with this order"} (
            {formatPence(card.balancePence)} of {formatPence(card.initialPence)} left,{" "}
            {card.status === "pending" ? "awaiting payment" : card.status})
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One order as the admin reads it: items, money, customer, payments, and its history. */
export function OrderDetail({
  detail,
  documents,
  children,
  followUp,
}: {
  detail: AdminOrderDetail;
  /** Its VAT invoice and credit notes. */
  documents: readonly OrderDocument[];
  children: ReactNode;
  /** Notes and emails to the customer, beside the history they add to. */
  followUp?: ReactNode;
}) {
  const { order, items, payments, refunds, history } = detail;
  return (
    <article aria-labelledby="order-heading">
      <OrderHeading
        back="/dashboard/admin-orders"
        order={order}
        placed={formatDateTime(order.createdAt)}
      />

      {children}

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <OrderItemsCard items={items} money={order}>
          <OrderDocuments
            documents={documents}
            base={`/dashboard/admin-orders/${order.id}/documents`}
          />
          <OrderGiftCards cards={detail.giftCards} />
        </OrderItemsCard>

        <section aria-labelledby="customer-heading" className={cardClass}>
          <h2 id="customer-heading" className="text-lg font-semibold">
            Customer
          </h2>
          <dl className="mt-3 space-y-2 text-sm">
            <div>
              <dt className="text-ink-muted">Name</dt>
              <dd className="font-medium">
                {order.userId ? (
                  <ShopLink
                    to={`/dashboard/admin-customers/${encodeURIComponent(order.userId)}`}
                    className="text-brand-strong underline-offset-2 hover:underline"
                  >
                    {order.customerFullName}
                  </ShopLink>
                ) : (
                  order.customerFullName
                )}
              </dd>
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
              <dt className="text-ink-muted">Delivery</dt>
              <dd data-testid="order-delivery">
                {orderDeliveryText(order) ?? "Standard delivery"}
              </dd>
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

        {followUp}
      </div>
    </article>
  );
}
