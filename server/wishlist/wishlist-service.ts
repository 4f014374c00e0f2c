import { and, desc, eq } from "drizzle-orm";
import type { ProductSummary } from "../../common/catalog/catalog-types";
import { listProductSummaries } from "../catalog/catalog-service";
import { products } from "../catalog/schema";
import type { Database } from "../db/database";
import { DomainError } from "../errors";
import { wishlistItems } from "./schema";

// A customer's wishlist: products saved with a heart (docs/product.md#beyond-a-brochure-site). Every function takes the
// signed-in customer's id from the session, never from the request body.

/** The ids of the products the customer saved, newest first. */
export async function wishlistProductIds(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.productId));
  return rows.map((row) => row.productId);
}

/** The saved products still on sale, newest saved first, as cards show them. */
export async function listWishlist(db: Database, userId: string): Promise<ProductSummary[]> {
  const ids = await wishlistProductIds(db, userId);
  const byId = new Map(
    (await listProductSummaries(db, ids)).map((product) => [product.id, product]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Saves a product on sale; saving it again changes nothing. */
export async function saveToWishlist(db: Database, userId: string, productId: string) {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.active, true)))
    .limit(1);
  if (!product) throw new DomainError("NOT_FOUND", "Product not found.");
  // A product withdrawn afterwards stays saved but is left out of the list until it is back.
  await db.insert(wishlistItems).values({ userId, productId }).onConflictDoNothing();
}

/** Takes a product off the wishlist; removing one that isn't there changes nothing. */
export async function removeFromWishlist(db: Database, userId: string, productId: string) {
  await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
}
