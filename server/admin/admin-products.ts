import { asc, desc, eq, sql } from "drizzle-orm";
import type { AdminProductDetail } from "../../common/admin/admin-figures";
import type { OrderHistoryEntry } from "../../common/orders/order-types";
import { entityHistory } from "../audit/audit-history";
import { productPictures } from "../catalog/product-pictures";
import { products, productVariants } from "../catalog/schema";
import type { Database } from "../db/database";
import { stockMovements } from "../stock/schema";

// One product as the admin's editor reads it (behind the admin's guard): the product, its
// variants oldest first (the first is the default), its latest stock movements and its history.

const MOVEMENTS_SHOWN = 50;

export async function getAdminProduct(
  db: Database,
  id: string,
): Promise<(AdminProductDetail & { history: OrderHistoryEntry[] }) | null> {
  const [product] = await db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      descriptionHtml: products.descriptionHtml,
      imageUrl: products.imageUrl,
      imageAlt: products.imageAlt,
      active: products.active,
      draft: sql<boolean>`${products.publishedAt} is null`,
      categoryId: products.categoryId,
      featuredRank: products.featuredRank,
      seoTitle: products.seoTitle,
      seoDescription: products.seoDescription,
      optionNames: products.optionNames,
      version: products.version,
    })
    .from(products)
    .where(eq(products.id, id));
  if (!product) return null;
  const [images, variants, movements, history] = await Promise.all([
    productPictures(db, id),
    db
      .select({
        id: productVariants.id,
        name: productVariants.name,
        optionValues: productVariants.optionValues,
        sku: productVariants.sku,
        barcode: productVariants.barcode,
        grams: productVariants.grams,
        imageUrl: productVariants.imageUrl,
        pricePence: productVariants.pricePence,
        compareAtPricePence: productVariants.compareAtPricePence,
        stockQuantity: productVariants.stockQuantity,
      })
      .from(productVariants)
      .where(eq(productVariants.productId, id))
      .orderBy(asc(productVariants.createdAt), asc(productVariants.id)),
    db
      .select({
        id: stockMovements.id,
        variantName: productVariants.name,
        kind: stockMovements.kind,
        quantityChange: stockMovements.quantityChange,
        stockAfter: stockMovements.stockAfter,
        reason: stockMovements.reason,
        orderId: stockMovements.orderId,
        createdAt: stockMovements.createdAt,
      })
      .from(stockMovements)
      .innerJoin(productVariants, eq(productVariants.id, stockMovements.variantId))
      .where(eq(productVariants.productId, id))
      .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
      .limit(MOVEMENTS_SHOWN),
    entityHistory(db, { type: "product", id }),
  ]);
  return { product: { ...product, images }, variants, movements, history };
}
