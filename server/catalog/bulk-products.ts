import { asc, eq, ilike, inArray, type SQL } from "drizzle-orm";
import { z } from "zod";
import { type Actor, recordAudit } from "../audit/audit-log";
import { PRODUCTS_TAG, productTag } from "../cache/cache-tags";
import { enqueuePurge } from "../cache/purge-jobs";
import type { Database } from "../db/database";
import { DomainError } from "../errors";
import { shopChanged } from "../events/shop-changed";
import { categories, products, productVariants } from "./schema";
import { likePattern } from "./search-pattern";

// The admin's bulk actions on the products list (docs/admin.md#bulk-actions): the products
// chosen, or all those matching the list's search, published, taken back to drafts, archived,
// moved to a category, or repriced by a percentage; all in one transaction (every product
// changes or none does), each product's change in its history, its pages purged. The admin
// confirmed a count: if the products matching are no longer that many, nothing changes.

/** The products list's search: names holding the text (the list, its export and bulk actions). */
export function adminProductSearch(search: string): SQL | undefined {
  return search ? ilike(products.name, likePattern(search)) : undefined;
}

export const BULK_LIMIT = 5000;

/** What a bulk action over the limit is told, the limit in words. */
export const BULK_TOO_MANY = `A bulk action changes at most ${BULK_LIMIT.toLocaleString("en-GB")} products at a time: narrow the search, or choose fewer.`;

const percent = z
  .number({ error: "Give a whole percentage, such as 10 or -15." })
  .int("Give a whole percentage, such as 10 or -15.")
  .min(-90, "Prices can go down by at most 90 %.")
  .max(500, "Prices can go up by at most 500 %.")
  .refine((value) => value !== 0, "Give a percentage other than 0.");

export const bulkActionSchema = z
  .object({
    /** The products chosen; with `allMatching`, ignored. */
    ids: z.array(z.string().min(1).max(100)).max(BULK_LIMIT, BULK_TOO_MANY),
    /** Every product matching `search` instead of those chosen. */
    allMatching: z.boolean(),
    search: z.string().max(200),
    /** How many products the admin confirmed. */
    expected: z.number().int().min(1).max(BULK_LIMIT, BULK_TOO_MANY),
    action: z.discriminatedUnion("kind", [
      z.object({ kind: z.literal("publish") }),
      z.object({ kind: z.literal("unpublish") }),
      z.object({ kind: z.literal("archive") }),
      z.object({ kind: z.literal("category"), categoryId: z.string().min(1).max(100).nullable() }),
      z.object({ kind: z.literal("price"), percent }),
    ]),
  })
  .refine((input) => input.allMatching || input.ids.length > 0, {
    message: "Choose at least one product.",
    path: ["ids"],
  });
export type BulkAction = z.input<typeof bulkActionSchema>;

const CHANGED_SINCE =
  "The products have changed since you chose them: look at the list again, then choose.";
const MAX_PRICE_PENCE = 1_000_000;

type Row = typeof products.$inferSelect;

/** A price moved by a percentage, to the penny, never under a penny. */
export function repriced(pricePence: number, change: number): number {
  return Math.max(1, Math.round((pricePence * (100 + change)) / 100));
}

async function reprice(tx: Database, actor: Actor, rows: readonly Row[], change: number) {
  const variants = await tx
    .select()
    .from(productVariants)
    .where(
      inArray(
        productVariants.productId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(productVariants.createdAt))
    .for("update");
  for (const row of rows) {
    const own = variants.filter((variant) => variant.productId === row.id);
    const changes = own.map((variant) => {
      const pricePence = repriced(variant.pricePence, change);
      if (pricePence > MAX_PRICE_PENCE) {
        throw new DomainError(
          "BAD_REQUEST",
          `${row.name} would cost more than £10,000.00: choose a smaller change.`,
        );
      }
      // A former price the new price reaches is no longer a sale.
      const compareAtPricePence =
        variant.compareAtPricePence !== null && variant.compareAtPricePence > pricePence
          ? variant.compareAtPricePence
          : null;
      return { variant, pricePence, compareAtPricePence };
    });
    for (const { variant, pricePence, compareAtPricePence } of changes) {
      await tx
        .update(productVariants)
        .set({ pricePence, compareAtPricePence })
        .where(eq(productVariants.id, variant.id));
    }
    const version = row.version + 1;
    await tx.update(products).set({ version }).where(eq(products.id, row.id));
    await recordAudit(tx, {
      actor,
      action: "product.updated",
      entity: { type: "product", id: row.id },
      before: {
        variants: changes.map(({ variant }) => ({
          id: variant.id,
          name: variant.name,
          pricePence: variant.pricePence,
          compareAtPricePence: variant.compareAtPricePence,
        })),
      },
      after: {
        variants: changes.map(({ variant, pricePence, compareAtPricePence }) => ({
          id: variant.id,
          name: variant.name,
          pricePence,
          compareAtPricePence,
        })),
        pricesChangedBy: change,
        version,
      },
    });
  }
  return rows.length;
}

async function moveToCategory(
  tx: Database,
  actor: Actor,
  rows: readonly Row[],
  categoryId: string | null,
) {
  if (categoryId) {
    const [category] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, categoryId));
    if (!category) throw new DomainError("BAD_REQUEST", "Choose one of the shop's categories.");
  }
  const moving = rows.filter((row) => row.categoryId !== categoryId);
  for (const row of moving) {
    const version = row.version + 1;
    await tx.update(products).set({ categoryId, version }).where(eq(products.id, row.id));
    await recordAudit(tx, {
      actor,
      action: "product.updated",
      entity: { type: "product", id: row.id },
      before: { categoryId: row.categoryId },
      after: { categoryId, version },
    });
  }
  return moving.length;
}

/** On sale, back to a draft, or archived: what changes and what each change is called. */
async function setStatus(
  tx: Database,
  actor: Actor,
  rows: readonly Row[],
  kind: "publish" | "unpublish" | "archive",
) {
  let changed = 0;
  const now = new Date();
  for (const row of rows) {
    const next =
      kind === "publish"
        ? { active: true, publishedAt: row.publishedAt ?? now }
        : kind === "unpublish"
          ? { active: false, publishedAt: null }
          : // A draft was never on sale: archiving leaves it a draft.
            { active: false, publishedAt: row.publishedAt };
    if (next.active === row.active && next.publishedAt === row.publishedAt) continue;
    await tx.update(products).set(next).where(eq(products.id, row.id));
    await recordAudit(tx, {
      actor,
      action:
        kind === "publish"
          ? row.publishedAt === null
            ? "product.published"
            : "product.restored"
          : kind === "unpublish"
            ? "product.unpublished"
            : "product.archived",
      entity: { type: "product", id: row.id },
      before: { active: row.active, draft: row.publishedAt === null },
      after: { active: next.active, draft: next.publishedAt === null },
    });
    changed++;
  }
  return changed;
}

/** Applies one bulk action; how many products it changed (those already so are left). */
export async function applyBulkAction(
  db: Database,
  actor: Actor,
  input: BulkAction,
): Promise<{ chosen: number; changed: number }> {
  const { ids, allMatching, search, expected, action } = bulkActionSchema.parse(input);
  const result = await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(products)
      .where(allMatching ? adminProductSearch(search) : inArray(products.id, ids))
      .orderBy(asc(products.id))
      .limit(BULK_LIMIT + 1)
      .for("update");
    if (rows.length > BULK_LIMIT) throw new DomainError("BAD_REQUEST", BULK_TOO_MANY);
    if (rows.length !== expected) throw new DomainError("CONFLICT", CHANGED_SINCE);
    const changed =
      action.kind === "price"
        ? await reprice(tx, actor, rows, action.percent)
        : action.kind === "category"
          ? await moveToCategory(tx, actor, rows, action.categoryId)
          : await setStatus(tx, actor, rows, action.kind);
    if (changed > 0) {
      await enqueuePurge(tx, [PRODUCTS_TAG, ...rows.map((row) => productTag(row.id))]);
    }
    return { chosen: rows.length, changed };
  });
  if (result.changed > 0) shopChanged();
  return result;
}
