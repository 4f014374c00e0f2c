import { inArray, sql } from "drizzle-orm";
import { publicStock } from "../../common/stock/stock-levels";
import { PRODUCTS_TAG, productTag } from "../cache/cache-tags";
import { enqueuePurge, purgesQueued } from "../cache/purge-jobs";
import { productVariants } from "../catalog/schema";
import type { Database } from "../db/database";

// What stock movements purge from the shared cache (docs/decisions/055). Only what a page
// shows: most sales change no byte of any page, because the public figure stops at the band
// (common/stock/stock-levels.ts). A product's pages are purged when its published figure changes. The
// listings are purged when what a card or the "in stock only" filter shows changes: the
// product's first variant sold out or back, or its last variant in stock gone or back. Both are
// gathered into the purge window (server/cache/purge-jobs.ts), so a shopper whose checkouts
// take and give back the last unit cannot keep the listings purged.

const MOVED = sql.identifier("product_variants");

type StockChange = { variantId: string; quantityChange: number; stockAfter: number };

const crossesZero = (change: StockChange) =>
  change.stockAfter === 0 || change.stockAfter === change.quantityChange;

export async function purgeWhereStockShows(
  tx: Database,
  changes: readonly StockChange[],
): Promise<void> {
  if (!purgesQueued()) return;
  const shown = changes.filter(
    (change) =>
      publicStock(change.stockAfter) !== publicStock(change.stockAfter - change.quantityChange),
  );
  if (shown.length === 0) return;
  const crossing = new Set(shown.filter(crossesZero).map((change) => change.variantId));
  const rows = await tx
    .select({
      productId: productVariants.productId,
      variantId: productVariants.id,
      // The listing card shows the oldest variant (server/catalog/product-row.ts). Drizzle
      // leaves the table out of a column on one table: inside a subquery it is named in full.
      first: sql<boolean>`${productVariants.id} = (select first.id from ${productVariants} first where first.product_id = ${MOVED}.product_id order by first.created_at, first.id limit 1)`,
      othersInStock: sql<boolean>`exists (select 1 from ${productVariants} other where other.product_id = ${MOVED}.product_id and other.id <> ${MOVED}.id and other.stock_quantity > 0)`,
    })
    .from(productVariants)
    .where(
      inArray(
        productVariants.id,
        shown.map((change) => change.variantId),
      ),
    );
  const listingsChange = rows.some(
    (row) => crossing.has(row.variantId) && (row.first || !row.othersInStock),
  );
  await enqueuePurge(
    tx,
    [
      ...new Set(rows.map((row) => productTag(row.productId))),
      ...(listingsChange ? [PRODUCTS_TAG] : []),
    ],
    { gathered: true },
  );
}
