import { and, eq } from "drizzle-orm";
import type { Actor } from "../audit/audit-log";
import type { Database } from "../db/database";
import { DomainError } from "../errors";
import { shopChanged } from "../events/shop-changed";
import { adjustStock, restock } from "../stock/stock-service";
import type { ProductInput, productInputSchema } from "./product-input";
import { productVariants } from "./schema";

// A product's variants as the admin's editor writes them (./product-editor.ts saves the product
// around them, in the same transaction): new ones with their starting stock, existing ones'
// names and prices, and a count of one's stock. Stock itself is never set here: a starting stock
// is a restock, a count an adjustment with its reason (server/stock).

type ParsedProduct = ReturnType<typeof productInputSchema.parse>;
type VariantRow = typeof productVariants.$inferSelect;
export type VariantChange = {
  id: string;
  before: Pick<VariantRow, "name" | "pricePence" | "compareAtPricePence">;
  after: Pick<VariantRow, "name" | "pricePence" | "compareAtPricePence">;
};

/** Inserts the new variants, oldest first (the first a product ever had stays its default). */
export async function addVariants(
  tx: Database,
  productId: string,
  variants: ProductInput["variants"],
  actor: Actor,
  start: Date,
) {
  for (const [index, variant] of variants.entries()) {
    const createdAt = new Date(start.getTime() + index * 1000);
    const [row] = await tx
      .insert(productVariants)
      .values({
        productId,
        name: variant.name,
        pricePence: variant.pricePence,
        compareAtPricePence: variant.compareAtPricePence,
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

/** The existing variants' names and prices saved where they changed; what changed. */
export async function saveVariantChanges(
  tx: Database,
  product: ParsedProduct,
  known: ReadonlyMap<string, VariantRow>,
): Promise<VariantChange[]> {
  const changes: VariantChange[] = [];
  for (const variant of product.variants) {
    const current = variant.id ? known.get(variant.id) : undefined;
    if (!current) continue;
    const next = {
      name: variant.name,
      pricePence: variant.pricePence,
      compareAtPricePence: variant.compareAtPricePence,
    };
    if (
      current.name === next.name &&
      current.pricePence === next.pricePence &&
      current.compareAtPricePence === next.compareAtPricePence
    ) {
      continue;
    }
    await tx.update(productVariants).set(next).where(eq(productVariants.id, current.id));
    changes.push({
      id: current.id,
      before: {
        name: current.name,
        pricePence: current.pricePence,
        compareAtPricePence: current.compareAtPricePence,
      },
      after: next,
    });
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
