import { sql } from "drizzle-orm";
import { systemActor } from "../audit/audit-log";
import { sanitizeProductHtml } from "../catalog/product-html";
import { categories, products, productVariants } from "../catalog/schema";
import type { Database } from "../db/database";
import { restock } from "../stock/stock-service";
import { type SeedCategory, type SeedProduct, seedCategories, seedProducts } from "./catalog-data";

const SEED = systemActor("seed");

/**
 * Inserts the demo catalogue. Idempotent: rows that already exist (by id) are left as they are, so
 * running it again never duplicates a product nor undoes an admin's edit. A new variant starts at
 * 0 and receives its starting stock through the stock module, as its first movement.
 */
export async function seedCatalog(
  db: Database,
  catalog: SeedProduct[] = seedProducts,
  groups: SeedCategory[] = seedCategories,
) {
  await db.transaction(async (tx) => {
    if (groups.length > 0) {
      await tx.insert(categories).values(groups).onConflictDoNothing();
    }
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
          categoryId: product.categoryId ?? null,
          featuredRank: product.featuredRank ?? 0,
          optionNames: product.optionName ? [product.optionName] : [],
          createdAt: product.createdAt,
          updatedAt: product.createdAt,
        })),
      )
      .onConflictDoNothing();
    const starting = new Map(
      catalog.flatMap((product) =>
        product.variants.map((variant) => [variant.id, variant.stockQuantity] as const),
      ),
    );
    const inserted = await tx
      .insert(productVariants)
      .values(
        catalog.flatMap((product) =>
          product.variants.map((variant, index) => {
            // The first variant is the default: it must be the oldest (docs/product.md#records).
            const createdAt = new Date(product.createdAt.getTime() + index * 1000);
            return {
              id: variant.id,
              productId: product.id,
              name: variant.name,
              optionValues: variant.optionValue ? [variant.optionValue] : [],
              sku: variant.sku,
              grams: variant.grams,
              pricePence: variant.pricePence,
              compareAtPricePence: variant.compareAtPricePence ?? null,
              createdAt,
              updatedAt: createdAt,
            };
          }),
        ),
      )
      .onConflictDoNothing()
      .returning({ id: productVariants.id });
    for (const { id } of inserted) {
      const quantity = starting.get(id) ?? 0;
      if (quantity > 0) {
        await restock(tx, { variantId: id, quantity, actor: SEED, reason: "Starting stock" });
      }
    }
  });
}

/** Seeds only a database without any product; returns how many products it added. */
export async function seedCatalogIfEmpty(db: Database): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(products);
  if ((row?.count ?? 0) > 0) return 0;
  await seedCatalog(db);
  return seedProducts.length;
}
