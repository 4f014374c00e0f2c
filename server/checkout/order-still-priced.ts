import { eq, type SQL, sql } from "drizzle-orm";
import { BOUGHT_GIFT_CARD_ITEM } from "../../common/gift-cards/gift-cards";
import { products, productVariants } from "../catalog/schema";
import type { Database } from "../db/database";
import { deliveryStillOffered } from "../delivery/delivery-methods";
import { codeStillOffered } from "../discounts/code-check";
import { orderItems, orders } from "../orders/schema";

// Whether a pending order still costs what the shop would charge for it now: every line's variant
// there, on sale, at the price the order took (a gift card bought is at the price it was asked at); its discount code still offered on the terms it was
// priced with; its delivery method still offered as it was. A price corrected, a product archived,
// a code changed, paused or ended, or a delivery method changed or switched off since, and the
// order is made again (or refused) before any money is taken for it.

/** A column of the orders row the outer query reads, named in full for the subqueries below. */
const ORDER = (column: string) => sql`${orders}.${sql.identifier(column)}`;

/**
 * For a query of orders: its lines and delivery method still priced as it was (everything but its
 * discount code, which codeStillPriced checks), read in the same statement as the order.
 */
export const linesAndDeliveryStillPriced: SQL<boolean> = sql<boolean>`(not exists (select 1 from ${orderItems} line left join ${productVariants} variant on variant.id = line.variant_id left join ${products} product on product.id = variant.product_id where line.order_id = ${ORDER("id")} and line.product_id <> ${BOUGHT_GIFT_CARD_ITEM} and (variant.id is null or not product.active or variant.price_pence <> line.unit_price_pence)) and ${deliveryStillOffered(ORDER("delivery_method_id"), ORDER("delivery_method_version"))})`;

/** Its discount code, if it has one, still offered on the terms the order was priced with. */
export async function codeStillPriced(
  db: Database,
  order: Pick<typeof orders.$inferSelect, "discountCodeId" | "discountCodeVersion">,
  now = new Date(),
): Promise<boolean> {
  return (
    order.discountCodeId === null ||
    codeStillOffered(db, { id: order.discountCodeId, version: order.discountCodeVersion }, now)
  );
}

/** Whether the pending order still costs what the shop would charge for it now (all of it). */
export async function orderStillPriced(
  db: Database,
  order: Pick<typeof orders.$inferSelect, "id" | "discountCodeId" | "discountCodeVersion">,
  now = new Date(),
): Promise<boolean> {
  const [row] = await db
    .select({ priced: linesAndDeliveryStillPriced })
    .from(orders)
    .where(eq(orders.id, order.id));
  return row?.priced === true && (await codeStillPriced(db, order, now));
}
