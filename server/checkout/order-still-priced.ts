import { and, eq, isNull, ne, not, or } from "drizzle-orm";
import type { Database } from "../db/database";
import { products, productVariants } from "../db/schema/catalog";
import { orderItems, type orders } from "../db/schema/orders";
import { deliveryStillOffered } from "../delivery/delivery-methods";
import { codeStillOffered } from "../discounts/code-check";

/**
 * Whether a pending order still costs what the shop would charge for it now: every line's variant
 * there, on sale, at the price the order took; its discount code still offered on the terms it was
 * priced with; its delivery method still offered as it was. A price corrected, a product archived,
 * a code changed, paused or ended, or a delivery method changed or switched off since, and the
 * order is made again (or refused) before any money is taken for it.
 */
export async function orderStillPriced(
  db: Database,
  order: Pick<
    typeof orders.$inferSelect,
    "id" | "discountCodeId" | "discountCodeVersion" | "deliveryMethodId" | "deliveryMethodVersion"
  >,
  now = new Date(),
): Promise<boolean> {
  const [stale] = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .leftJoin(productVariants, eq(productVariants.id, orderItems.variantId))
    .leftJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        eq(orderItems.orderId, order.id),
        or(
          isNull(productVariants.id),
          not(products.active),
          ne(productVariants.pricePence, orderItems.unitPricePence),
        ),
      ),
    )
    .limit(1);
  if (stale) return false;
  if (
    order.discountCodeId !== null &&
    !(await codeStillOffered(
      db,
      { id: order.discountCodeId, version: order.discountCodeVersion },
      now,
    ))
  ) {
    return false;
  }
  return (
    order.deliveryMethodId === null ||
    deliveryStillOffered(db, { id: order.deliveryMethodId, version: order.deliveryMethodVersion })
  );
}
