import { DEFAULT_VARIANT_NAME } from "@common/cart/cart-rules";
import type { OrderDelivery } from "@common/delivery/delivery";
import { type DiscountSource, orderDiscountLabel } from "@common/discounts/discounts";
import { formatPence } from "@common/money";
import type { OrderMoney } from "@common/orders/order-types";
import type { ReactNode } from "react";
import { cardClass } from "~/components/ui/card";

function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? "flex justify-between font-semibold" : "flex justify-between"}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/**
 * An order's items and money as the customer and the admin both read them: each line, then
 * subtotal, discount, shipping, total with its VAT, how it was paid when a gift card paid part or
 * all, and what was refunded. `children` follow.
 */
export function OrderItemsCard({
  items,
  money,
  children,
}: {
  items: ReadonlyArray<{
    id: string;
    productName: string;
    variantName: string;
    quantity: number;
    unitPricePence: number;
  }>;
  money: OrderMoney & Partial<OrderDelivery> & Partial<DiscountSource>;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby="items-heading" className={cardClass}>
      <h2 id="items-heading" className="text-lg font-semibold">
        Items
      </h2>
      <ul className="mt-3 divide-y divide-line text-sm">
        {items.map((item) => (
          <li key={item.id} className="flex justify-between gap-4 py-2">
            <span>
              {item.quantity} × {item.productName}
              {item.variantName === DEFAULT_VARIANT_NAME ? "" : ` (${item.variantName})`}
            </span>
            <span className="whitespace-nowrap">
              {formatPence(item.unitPricePence * item.quantity)}
            </span>
          </li>
        ))}
      </ul>
      <dl className="mt-3 space-y-1 border-t border-line pt-3 text-sm">
        <Line label="Subtotal" value={formatPence(money.subtotalPence)} />
        {money.discountCode && money.discountPence === 0 ? (
          <Line label={`Code ${money.discountCode}`} value="Free delivery" />
        ) : null}
        {money.discountPence > 0 ? (
          <Line
            label={orderDiscountLabel({
              discountCode: money.discountCode ?? null,
              offerTitle: money.offerTitle ?? null,
            })}
            value={`−${formatPence(money.discountPence)}`}
          />
        ) : null}
        <Line
          label={money.deliveryMethodName ? `Shipping (${money.deliveryMethodName})` : "Shipping"}
          value={money.shippingPence === 0 ? "Free" : formatPence(money.shippingPence)}
        />
        <Line label="Total" value={formatPence(money.totalPence)} strong />
        <Line label="Including VAT" value={formatPence(money.vatPence)} />
        {money.giftCardPence > 0 ? (
          <>
            <Line label="Paid by gift card" value={formatPence(money.giftCardPence)} />
            {money.totalPence > money.giftCardPence ? (
              <Line
                label="Paid by card"
                value={formatPence(money.totalPence - money.giftCardPence)}
              />
            ) : null}
          </>
        ) : null}
        {money.refundedPence > 0 ? (
          <Line label="Refunded" value={`−${formatPence(money.refundedPence)}`} />
        ) : null}
      </dl>
      {children}
    </section>
  );
}
