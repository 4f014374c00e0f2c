import { sql } from "drizzle-orm";
import { sanitizeProductHtml } from "../../catalog/product-html";
import type { Database } from "../database";
import { products, productVariants } from "../schema/catalog";
import { type SeedProduct, seedProducts } from "./catalog-data";

/**
 * Inserts the demo catalogue. Idempotent: rows that already exist (by id) are left as they are, so
 * running it again never duplicates a product nor undoes an admin's edit.
 */
export async function seedCatalog(db: Database, catalog: SeedProduct[] = seedProducts) {
  await db.transaction(async (tx) => {
    await tx
      .insert(products)
      .values(
        catalog.map((product) => ({
          id: product.id,
          slug: product.slug,
          name: product.name,
          descriptionHtml: sanitizeProductHtml(product.descriptionHtml),
          imageUrl: product.imageUrl,
          imageAlt: product.imageAlt,
          createdAt: product.createdAt,
          updatedAt: product.createdAt,
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(productVariants)
      .values(
        catalog.flatMap((product) =>
          product.variants.map((variant, index) => {
            // The first variant is the default: it must be the oldest (seed spec §3).
            const createdAt = new Date(product.createdAt.getTime() + index * 1000);
            return {
              id: variant.id,
              productId: product.id,
              name: variant.name,
              pricePence: variant.pricePence,
              compareAtPricePence: variant.compareAtPricePence ?? null,
              stockQuantity: variant.stockQuantity,
              createdAt,
              updatedAt: createdAt,
            };
          }),
        ),
      )
      .onConflictDoNothing();
  });
}

/** Seeds only a database without any product; returns how many products it added. */
export async function seedCatalogIfEmpty(db: Database): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(products);
  if ((row?.count ?? 0) > 0) return 0;
  await seedCatalog(db);
  return seedProducts.length;
}
