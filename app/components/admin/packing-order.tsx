import { itemName } from "@common/cart/cart-rules";
import { formatDateTime, formatLongDate } from "@common/dates";
import { orderDeliveryText } from "@common/delivery/delivery";
import type { PackingOrder } from "@common/orders/order-types";
import { OrderHeading } from "~/components/orders/order-heading";
import { cardClass } from "~/components/ui/card";
import { SendingActions } from "./order-actions";

/**
 * One order as fulfilment staff see it (docs/decisions/071): what goes in the parcel, where it
 * goes, and the forms to mark it sent and delivered. No prices and no contact details: the loader
 * never reads them.
 */
export function PackingOrderView({ order, items }: PackingOrder) {
  const units = items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <article aria-labelledby="order-heading">
      <OrderHeading
        back="/dashboard/admin-orders"
        order={{ ...order, refundedPence: 0 }}
        placed={formatDateTime(order.createdAt)}
      />
      <SendingActions status={order.status} />
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="items-heading" className={cardClass}>
          <h2 id="items-heading" className="text-lg font-semibold">
            To pack
          </h2>
          <p className="mt-1 text-sm text-ink-muted">{units === 1 ? "1 unit" : `${units} units`}</p>
          <ul className="mt-3 divide-y divide-line text-sm">
            {items.map((item) => (
              <li key={item.id} className="flex justify-between gap-4 py-2">
                <span>{itemName(item.productName, item.variantName)}</span>
                <span className="font-semibold whitespace-nowrap">× {item.quantity}</span>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="ship-to-heading" className={cardClass}>
          <h2 id="ship-to-heading" className="text-lg font-semibold">
            Ship to
          </h2>
          <dl className="mt-3 space-y-2 text-sm">
            <div>
              <dt className="text-ink-muted">Name</dt>
              <dd className="font-medium">{order.customerFullName}</dd>
            </div>
            <div>
              <dt className="text-ink-muted">Address</dt>
              <dd className="whitespace-pre-line">{order.shippingAddress}</dd>
            </div>
            <div>
              <dt className="text-ink-muted">Delivery</dt>
              <dd>{orderDeliveryText(order) ?? "Standard delivery"}</dd>
            </div>
            <div>
              <dt className="text-ink-muted">Notes</dt>
              <dd className="whitespace-pre-line">{order.notes ?? "None"}</dd>
            </div>
            {order.carrier || order.trackingNumber || order.fulfilledAt ? (
              <div>
                <dt className="text-ink-muted">Shipment</dt>
                <dd>
                  {[order.carrier, order.trackingNumber].filter(Boolean).join(" · ") || "Sent"}
                  {order.fulfilledAt ? `, ${formatLongDate(new Date(order.fulfilledAt))}` : ""}
                </dd>
              </div>
            ) : null}
          </dl>
        </section>
      </div>
    </article>
  );
}
