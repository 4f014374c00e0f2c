import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Actor } from "../audit/audit-log";
import type { Database } from "../db/database";
import { DomainError } from "../errors";
import { shopChanged } from "../events/shop-changed";
import { adjustStock, restock } from "../stock/stock-service";
import type { productInputSchema } from "./product-input";
import { productVariants } from "./schema";

// A product's variants as the admin's editor writes them (./product-editor.ts saves the product
// around them, in the same transaction): new ones with their starting stock, existing ones'
// names and prices, and a count of one's stock. Stock itself is never set here: a starting stock
// is a restock, a count an adjustment with its reason (server/stock).

type ParsedProduct = ReturnType<typeof productInputSchema.parse>;
type VariantRow = typeof productVariants.$inferSelect;
/** What the editor writes of an existing variant (its stock changes by counting, apart). */
const EDITED = [
  "name",
  "optionValues",
  "sku",
  "barcode",
  "grams",
  "imageUrl",
  "pricePence",
  "compareAtPricePence",
] as const;
type Edited = Pick<VariantRow, (typeof EDITED)[number]>;

/** What the editor writes of a variant, taken from anything that has it. */
export function editedFields(variant: Edited): Edited {
  return {
    name: variant.name,
    optionValues: variant.optionValues,
    sku: variant.sku,
    barcode: variant.barcode,
    grams: variant.grams,
    imageUrl: variant.imageUrl,
    pricePence: variant.pricePence,
    compareAtPricePence: variant.compareAtPricePence,
  };
}

const NOT_ITS_PICTURE =
  "A variant's picture must be one of the product's: add it to its pictures first.";

/** Refused when a variant names a picture its product does not show. */
export function assertVariantPictures(
  variants: readonly { imageUrl: string | null }[],
  pictures: readonly string[],
) {
  const own = new Set(pictures);
  if (variants.some((variant) => variant.imageUrl !== null && !own.has(variant.imageUrl))) {
    throw new DomainError("BAD_REQUEST", NOT_ITS_PICTURE, "variants");
  }
}
export type VariantChange = { id: string; before: Partial<Edited>; after: Partial<Edited> };

const same = (left: unknown, right: unknown) => JSON.stringify(left) === JSON.stringify(right);

const SKU_TAKEN = (sku: string) => `Another product's variant has the SKU ${sku}: choose another.`;

/** Refused when another product's variant has one of these SKUs (matched without regard to case). */
export async function assertSkusFree(
  tx: Database,
  productId: string | null,
  variants: ParsedProduct["variants"],
) {
  const skus = variants.flatMap((variant) => (variant.sku ? [variant.sku.toLowerCase()] : []));
  if (skus.length === 0) return;
  const lower = sql<string>`lower(${productVariants.sku})`;
  const [taken] = await tx
    .select({ sku: productVariants.sku })
    .from(productVariants)
    .where(
      productId
        ? and(inArray(lower, skus), ne(productVariants.productId, productId))
        : inArray(lower, skus),
    )
    .limit(1);
  if (taken?.sku) throw new DomainError("CONFLICT", SKU_TAKEN(taken.sku), "variants");
}

/** The database's own refusal of a SKU in use (two saves at once), said as the check above says it. */
export const SKU_UNIQUE = "product_variants_sku_unique";
export const skuTakenError = () =>
  new DomainError("CONFLICT", "Another variant has one of these SKUs: choose another.", "variants");

/** Inserts the new variants, oldest first (the first a product ever had stays its default). */
export async function addVariants(
  tx: Database,
  productId: string,
  variants: ParsedProduct["variants"],
  actor: Actor,
  start: Date,
) {
  for (const [index, variant] of variants.entries()) {
    const createdAt = new Date(start.getTime() + index * 1000);
    const [row] = await tx
      .insert(productVariants)
      .values({
        productId,
        ...editedFields(variant),
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: productVariants.id });
    if (row && variant.startingStock > 0) {
      await restock(tx, {
        variantId: row.id,
        quantity: variant.startingStock,
        actor,
        reason: "Starting stock",
      });
    }
  }
}

/** The existing variants' names, codes and prices saved where they changed; what changed. */
export async function saveVariantChanges(
  tx: Database,
  product: ParsedProduct,
  known: ReadonlyMap<string, VariantRow>,
): Promise<VariantChange[]> {
  const changes: VariantChange[] = [];
  for (const variant of product.variants) {
    const current = variant.id ? known.get(variant.id) : undefined;
    if (!current) continue;
    const next = editedFields(variant);
    const changed = EDITED.filter((key) => !same(current[key], next[key]));
    if (changed.length === 0) continue;
    await tx.update(productVariants).set(next).where(eq(productVariants.id, current.id));
    // The audit names the variant and its prices always, its other fields when they changed.
    const shown = new Set<keyof Edited>(["name", "pricePence", "compareAtPricePence", ...changed]);
    const pick = (side: Edited) =>
      Object.fromEntries(EDITED.filter((key) => shown.has(key)).map((key) => [key, side[key]]));
    changes.push({ id: current.id, before: pick(current), after: pick(next) });
  }
  return changes;
}

/** A count of a variant's stock, with its reason: an adjustment movement (server/stock). */
export async function countVariantStock(
  db: Database,
  actor: Actor,
  input: { productId: string; variantId: string; counted: number; reason: string },
) {
  await db.transaction(async (tx) => {
    const [variant] = await tx
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(
        and(
          eq(productVariants.id, input.variantId),
          eq(productVariants.productId, input.productId),
        ),
      );
    if (!variant) throw new DomainError("NOT_FOUND", "This variant is not one of the product's.");
    await adjustStock(tx, {
      variantId: input.variantId,
      counted: input.counted,
      actor,
      reason: input.reason,
    });
  });
  shopChanged();
}
