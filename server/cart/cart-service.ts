import { and, eq, inArray } from "drizzle-orm";
import type { CartLine, CurrentVariant } from "../../common/cart/cart-rules";
import { publicStock } from "../../common/stock/stock-levels";
import { products, productVariants } from "../catalog/schema";
import type { Database } from "../db/database";
import { orderItems, orders } from "../orders/schema";

/** The most lines a cart check looks at: as many as a stored cart may hold. */
export const MAX_CART_LINES = 100;

/**
 * The current price, stock (as the public sees it, in bands) and per-order limit of the given
 * variants, for re-checking a cart (one query). Variants that no longer exist, or whose product is
 * off sale, are simply absent.
 */
export async function getCurrentVariants(
  db: Database,
  variantIds: readonly string[],
): Promise<CurrentVariant[]> {
  const ids = [...new Set(variantIds)];
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      productId: products.id,
      name: products.name,
      imageUrl: products.imageUrl,
      variantId: productVariants.id,
      variantName: productVariants.name,
      pricePence: productVariants.pricePence,
      stockQuantity: productVariants.stockQuantity,
      maxPerOrder: productVariants.maxPerOrder,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(inArray(productVariants.id, ids), eq(products.active, true)));
  return rows.map((row) => ({ ...row, stockQuantity: publicStock(row.stockQuantity) }));
}

/**
 * The cart an unpaid order of the customer's was made of, to check out again (the abandoned
 * checkout reminder's link): its variants still on sale, at today's prices, each at most what one
 * order may take. Empty for someone else's order or one already paid.
 */
export async function resumeCartLines(
  db: Database,
  userId: string,
  orderId: string,
): Promise<CartLine[]> {
  if (orderId.length > 64) return [];
  const [order] = await db
    .select({ status: orders.status })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order || (order.status !== "pending" && order.status !== "cancelled")) return [];
  const items = await db
    .select({ variantId: orderItems.variantId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const current = await getCurrentVariants(
    db,
    items.map((item) => item.variantId),
  );
  return items.flatMap((item) => {
    const variant = current.find((each) => each.variantId === item.variantId);
    return variant ? [{ ...variant, quantity: Math.min(item.quantity, variant.maxPerOrder) }] : [];
  });
}
