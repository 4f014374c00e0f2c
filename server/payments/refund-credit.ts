import { and, asc, eq, inArray } from "drizzle-orm";
import { formatPence } from "../../common/money";
import { returnValuePence } from "../../common/returns/returns";
import type { Database } from "../db/database";
import { DomainError } from "../errors";
import { orderItems, type orders } from "../orders/schema";
import { type Credit, refunds } from "./schema";

// What a refund gives money back for (docs/decisions/054): units of the order's lines and the
// delivery, each credited once across the order's refunds, so its credit note lists them. What
// the amount holds beyond their value is a refund of money only, a line of its own.

type Order = Pick<
  typeof orders.$inferSelect,
  "id" | "subtotalPence" | "discountPence" | "shippingPence"
>;

export const NO_CREDIT: Credit = { items: [], delivery: false };

/** Units of each order line (by `order_items.id`) and the delivery, credited by refunds made or under way. */
export async function creditedSoFar(
  tx: Database,
  orderId: string,
): Promise<{ units: Map<string, number>; delivery: boolean }> {
  const rows = await tx
    .select({ credit: refunds.credit })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), inArray(refunds.status, ["pending", "succeeded"])));
  const units = new Map<string, number>();
  let delivery = false;
  for (const { credit } of rows) {
    for (const item of credit.items)
      units.set(item.orderItemId, (units.get(item.orderItemId) ?? 0) + item.quantity);
    delivery ||= credit.delivery;
  }
  return { units, delivery };
}

/**
 * The credit a refund asks for, checked against the order and what its refunds credited before,
 * with its value (`returnValuePence`: the units' prices, their share of the discount off, the
 * delivery). `"rest"` is everything not credited yet (a cancellation). `exact` refuses a unit or
 * a delivery credited already, as the admin chose them; otherwise (a return the server prices)
 * what was credited already is left out.
 */
export async function checkCredit(
  tx: Database,
  order: Order,
  asked: Credit | "rest",
  mode: "exact" | "fit",
): Promise<{ credit: Credit; valuePence: number }> {
  const [lines, before] = await Promise.all([
    tx
      .select({
        id: orderItems.id,
        quantity: orderItems.quantity,
        unitPricePence: orderItems.unitPricePence,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.id)),
    creditedSoFar(tx, order.id),
  ]);
  const left = new Map(
    lines.map((line) => [line.id, line.quantity - (before.units.get(line.id) ?? 0)]),
  );
  const wanted =
    asked === "rest"
      ? lines.map((line) => ({ orderItemId: line.id, quantity: left.get(line.id) ?? 0 }))
      : asked.items;
  const items: Credit["items"] = [];
  for (const item of wanted) {
    const room = left.get(item.orderItemId);
    if (room === undefined) throw new DomainError("BAD_REQUEST", "That item is not in this order.");
    if (mode === "exact" && (!Number.isInteger(item.quantity) || item.quantity > room)) {
      throw new DomainError(
        "BAD_REQUEST",
        room === 0
          ? "That item was refunded already."
          : `At most ${room} of that item can be refunded.`,
      );
    }
    const quantity = Math.min(item.quantity, room);
    if (quantity > 0) {
      items.push({ orderItemId: item.orderItemId, quantity });
      left.set(item.orderItemId, room - quantity);
    }
  }
  const deliveryAsked = asked === "rest" || asked.delivery;
  if (mode === "exact" && deliveryAsked && before.delivery) {
    throw new DomainError("BAD_REQUEST", "The delivery was refunded already.");
  }
  const credit = { items, delivery: deliveryAsked && !before.delivery && order.shippingPence > 0 };
  const price = new Map(lines.map((line) => [line.id, line.unitPricePence]));
  const valuePence = returnValuePence(
    order,
    items.map((item) => ({
      unitPricePence: price.get(item.orderItemId) ?? 0,
      quantity: item.quantity,
    })),
    credit.delivery,
  );
  return { credit, valuePence };
}

/** The admin typed an amount: it covers what they chose to credit (more is money only). */
export function expectAmountCovers(amountPence: number, valuePence: number): void {
  if (amountPence < valuePence) {
    throw new DomainError(
      "BAD_REQUEST",
      `The items and delivery chosen come to ${formatPence(valuePence)}: refund at least that, or choose fewer.`,
    );
  }
}
