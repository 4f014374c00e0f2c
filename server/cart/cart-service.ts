import { and, eq, inArray } from "drizzle-orm";
import type { CurrentVariant } from "../../common/cart-rules";
import { publicStock } from "../../common/stock-levels";
import type { Database } from "../db/database";
import { products, productVariants } from "../db/schema/catalog";

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
