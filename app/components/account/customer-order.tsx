import { formatDateTime, formatLongDate } from "@common/dates";
import { orderDeliveryText } from "@common/delivery/delivery";
import { formatPence } from "@common/money";
import type {
  CustomerOrderDetail,
  CustomerOrderEvent,
  OrderDocument,
} from "@common/orders/order-types";
import { shipmentOf } from "@common/orders/tracking";
import type { ReactNode } from "react";
import { OrderDocuments } from "~/components/orders/order-documents";
import { OrderHeading } from "~/components/orders/order-heading";
import { OrderItemsCard } from "~/components/orders/order-items-card";
import { cardClass } from "~/components/ui/card";

/** A step of the order's history, in the customer's words. */
function stepText(event: CustomerOrderEvent): string {
  const money = event.amountPence ? formatPence(event.amountPence) : null;
  switch (event.kind) {
    case "placed":
      return "Order placed";
    case "paid":
      return "Payment received";
    case "shipped":
      return "Shipped";
    case "delivered":
      return "Delivered";
    case "cancelled":
      return money ? `Cancelled, ${money} refunded` : "Cancelled";
    case "refunded":
      return money ? `${money} refunded` : "Refunded";
  }
}

/** Where the parcel is, as far as the shop knows, and how to follow it. */
function Delivery({ order }: { order: CustomerOrderDetail["order"] }) {
  const shipment = shipmentOf(order.carrier, order.trackingNumber);
  const delivery = orderDeliveryText(order);
  let status: ReactNode;
  if (order.status === "pending") status = "Waiting for payment.";
  else if (order.status === "paid")
    status = order.deliveryTo
      ? "We are getting it ready."
      : "We are getting it ready: it ships within 1-2 business days.";
  else if (order.status === "cancelled") status = "This order was cancelled.";
  else if (order.status === "delivered") status = "Delivered.";
  else status = "On its way.";
  return (
    <section aria-labelledby="delivery-heading" className={cardClass}>
      <h2 id="delivery-heading" className="text-lg font-semibold">
        Delivery
      </h2>
      <p className="mt-2 text-sm">{status}</p>
      {delivery ? (
        <p className="mt-2 text-sm" data-testid="order-delivery">
          {delivery}
        </p>
      ) : null}
      {shipment.carrier || shipment.trackingNumber ? (
        <dl className="mt-3 space-y-2 text-sm">
          {shipment.carrier ? (
            <div>
              <dt className="text-ink-muted">Carrier</dt>
              <dd>{shipment.carrier}</dd>
            </div>
          ) : null}
          {shipment.trackingNumber ? (
            <div>
              <dt className="text-ink-muted">Tracking number</dt>
              <dd className="font-mono break-all">{shipment.trackingNumber}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {shipment.trackingUrl ? (
        <a
          href={shipment.trackingUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-3 inline-block font-semibold text-brand-strong underline-offset-2 hover:underline"
        >
          Track your parcel with {shipment.carrier}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : null}
      <h3 className="mt-4 text-sm text-ink-muted">Delivering to</h3>
      <p className="mt-1 text-sm whitespace-pre-line">{order.shippingAddress}</p>
    </section>
  );
}

/** The customer's own order: what is in it, what it cost, where it is, and what happened to it. */
export function CustomerOrder({
  detail,
  documents,
  children,
}: {
  detail: CustomerOrderDetail;
  /** Its VAT invoice and credit notes. */
  documents: readonly OrderDocument[];
  /** Its returns, beside the delivery. */
  children?: ReactNode;
}) {
  const { order, items, history } = detail;
  return (
    <article aria-labelledby="order-heading">
      <OrderHeading
        back="/dashboard/orders"
        order={order}
        placed={formatLongDate(new Date(order.createdAt))}
      />

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <OrderItemsCard items={items} money={order}>
          {order.cardLast4 ? (
            <p className="mt-3 text-sm text-ink-muted">
              Paid with the card ending {order.cardLast4}.
            </p>
          ) : null}
          <OrderDocuments documents={documents} base={`/dashboard/orders/${order.id}/documents`} />
        </OrderItemsCard>

        <Delivery order={order} />

        {children}

        <section aria-labelledby="history-heading" className={`${cardClass} lg:col-span-2`}>
          <h2 id="history-heading" className="text-lg font-semibold">
            History
          </h2>
          <ol className="mt-3 space-y-2 text-sm">
            {history.map((event) => (
              <li
                key={`${event.kind}-${new Date(event.at).toISOString()}`}
                className="flex flex-wrap justify-between gap-x-4"
              >
                <span className="font-medium">{stepText(event)}</span>
                <time dateTime={new Date(event.at).toISOString()} className="text-ink-muted">
                  {formatDateTime(event.at)}
                </time>
              </li>
            ))}
          </ol>
        </section>
      </div>
    </article>
  );
}
