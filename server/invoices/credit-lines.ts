import { lineLabel } from "../../common/cart/cart-rules";
import { discountSourceText } from "../../common/discounts/discounts";
import { returnValuePence } from "../../common/returns/returns";
import type { Credit } from "../payments/schema";
import type { DocumentLine } from "./schema";

// A credit note's lines (docs/decisions/054): what HMRC asks a credit note to say was credited.
// Each unit refunded at the price paid, the discount's share of them taken off as the refund
// worked it out (common/returns/returns.ts), the delivery when it went back, and what the amount holds
// beyond those as a refund of money only with the admin's reason. An amount below their value
// (a return's refund capped by what earlier refunds left) shows the difference as credited before.
// The lines' prices include VAT and add up to the amount refunded.

type Order = {
  subtotalPence: number;
  discountPence: number;
  shippingPence: number;
  discountCode: string | null;
  offerTitle: string | null;
  deliveryMethodName: string | null;
};

type Item = { id: string; productName: string; variantName: string; unitPricePence: number };

export function creditNoteLines(
  order: Order,
  items: readonly Item[],
  credit: Credit,
  amountPence: number,
  reason: string | null,
): DocumentLine[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  const lines: DocumentLine[] = [];
  let goods = 0;
  for (const { orderItemId, quantity } of credit.items) {
    const item = byId.get(orderItemId);
    if (!item) continue;
    goods += item.unitPricePence * quantity;
    lines.push({
      description: lineLabel({ name: item.productName, variantName: item.variantName }),
      quantity,
      unitPricePence: item.unitPricePence,
    });
  }
  const delivery = credit.delivery ? order.shippingPence : 0;
  const value = returnValuePence(
    order,
    lines.map((line) => ({ unitPricePence: line.unitPricePence, quantity: line.quantity })),
    credit.delivery,
  );
  const discountShare = goods + delivery - value;
  if (discountShare > 0) {
    lines.push({
      description: `Less the discount on these items: ${discountSourceText(order)}`,
      quantity: 1,
      unitPricePence: -discountShare,
    });
  }
  if (delivery > 0) {
    lines.push({
      description: `Delivery: ${order.deliveryMethodName ?? "Standard delivery"}`,
      quantity: 1,
      unitPricePence: delivery,
    });
  }
  const rest = amountPence - value;
  if (rest > 0) {
    lines.push({
      description: `Refund of money only, no goods returned${reason ? `: ${reason}` : ""}`,
      quantity: 1,
      unitPricePence: rest,
    });
  } else if (rest < 0) {
    lines.push({
      description: "Less what earlier refunds of this order gave back",
      quantity: 1,
      unitPricePence: rest,
    });
  }
  return lines;
}
