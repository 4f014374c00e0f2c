import { itemName } from "@common/cart/cart-rules";
import { formatPence } from "@common/money";
import type { AdminOrderDetail } from "@common/orders/order-types";
import { returnValuePence } from "@common/returns/returns";
import { useState } from "react";
import { Input } from "~/components/ui/input";

type Order = AdminOrderDetail["order"];
type Item = AdminOrderDetail["items"][number];

const nameOf = (item: Item) => itemName(item.productName, item.variantName);

/** The units and the delivery a refund form says the money is for, and what they come to. */
export function chosenCredit(fields: FormData, order: Order, items: readonly Item[]) {
  const units = items.flatMap((item) => {
    const count = Number(String(fields.get(`credit:${item.id}`) ?? "0").trim());
    return Number.isInteger(count) && count > 0 && count <= item.creditable
      ? [{ item, quantity: count }]
      : [];
  });
  const delivery = fields.get("creditDelivery") === "on";
  return {
    names: [
      ...units.map(({ item, quantity }) => `${quantity} × ${nameOf(item)}`),
      ...(delivery ? ["the delivery"] : []),
    ],
    valuePence: returnValuePence(
      order,
      units.map(({ item, quantity }) => ({ unitPricePence: item.unitPricePence, quantity })),
      delivery,
    ),
  };
}

/**
 * The refund form's "Refunded for" fieldset: per line of the order, how many of its units the
 * money is for, and the delivery, which the credit note lists (the server checks them again).
 * What they come to shows as they are chosen; an amount above it is a refund of money only.
 */
export function RefundCredit({ order, items }: { order: Order; items: readonly Item[] }) {
  const [valuePence, setValuePence] = useState(0);
  const lines = items.filter((item) => item.creditable > 0);
  const delivery = order.shippingPence > 0 && !order.deliveryCredited;
  if (lines.length === 0 && !delivery) return null;
  return (
    <fieldset
      className="space-y-2"
      onInput={(event) => {
        const form = event.currentTarget.form;
        if (form) setValuePence(chosenCredit(new FormData(form), order, items).valuePence);
      }}
    >
      <legend className="text-sm font-medium">Refunded for</legend>
      <p id="credit-hint" className="text-sm text-ink-muted">
        The units and delivery the money is for, listed on the credit note. Leave them at 0 for a
        refund of money only.
      </p>
      {lines.map((item) => (
        <div key={item.id} className="flex items-center justify-between gap-3">
          <label htmlFor={`credit-${item.id}`} className="text-sm">
            {nameOf(item)}{" "}
            <span className="text-ink-muted">
              ({formatPence(item.unitPricePence)} each, of {item.creditable})
            </span>
          </label>
          <div className="w-20 shrink-0">
            <Input
              id={`credit-${item.id}`}
              name={`credit:${item.id}`}
              inputMode="numeric"
              defaultValue="0"
              aria-describedby="credit-hint"
              className="text-right"
            />
          </div>
        </div>
      ))}
      {delivery ? (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="creditDelivery" className="accent-brand" />
          The delivery ({formatPence(order.shippingPence)})
        </label>
      ) : null}
      <p className="text-sm" aria-live="polite">
        {valuePence > 0
          ? `Chosen: ${formatPence(valuePence)}${order.discountPence > 0 ? " after the discount" : ""}. Refund at least that; more is a refund of money only.`
          : "Nothing chosen: a refund of money only."}
      </p>
    </fieldset>
  );
}
