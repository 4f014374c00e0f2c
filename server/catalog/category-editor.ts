import { and, asc, count, eq, ne } from "drizzle-orm";
import { z } from "zod";
import type { SearchListing } from "../../common/seo";
import { type Actor, recordAudit } from "../audit/audit-log";
import { openedVersion, refuseStaleSave } from "../audit/stale-save";
import { CATEGORIES_TAG, PRODUCTS_TAG } from "../cache/cache-tags";
import { enqueuePurge } from "../cache/purge-jobs";
import type { Database } from "../db/database";
import { refusingDuplicates } from "../db/errors";
import { DomainError } from "../errors";
import { shopChanged } from "../events/shop-changed";
import { categories, products } from "./schema";
import { seoInputFields } from "./seo-input";

// The admin's categories: created, edited and deleted, each checked and written in one
// transaction with its audit row; every change empties the page cache on every instance. Deleting
// a category leaves its products in no category (the foreign key sets it null), never deletes them.

export const categoryInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Give the category a name.")
    .max(60, "Keep the name under 60 characters."),
  slug: z
    .string()
    .trim()
    .min(1, "Give the category a slug.")
    .max(60, "Keep the slug under 60 characters.")
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "A slug is lower-case letters, digits and single dashes."),
  description: z
    .string()
    .trim()
    .min(10, "Describe the category in a sentence: its page and search engines show it.")
    .max(300, "Keep the description under 300 characters."),
  position: z
    .number()
    .int("The position is a whole number from 0 to 1000.")
    .min(0, "The position is a whole number from 0 to 1000.")
    .max(1000, "The position is a whole number from 0 to 1000."),
  /** What search engines show, when the admin wrote it. Left out: none when new, unchanged on edit. */
  ...seoInputFields,
  /** The category's version the admin opened (an edit): refused if it has moved on since. */
  version: openedVersion,
});
export type CategoryInput = z.infer<typeof categoryInputSchema>;

export type AdminCategory = Omit<CategoryInput, "version" | "seoTitle" | "seoDescription"> &
  SearchListing & {
    id: string;
    productCount: number;
    version: number;
  };

/** The admin's words for the fields a save records, for a refused stale save. */
const fieldLabels: Record<string, string> = {
  name: "name",
  slug: "slug",
  description: "description",
  position: "position",
  seoTitle: "search title",
  seoDescription: "search description",
};

const SLUG_TAKEN = "Another category uses this slug: choose another.";
const CATEGORY_SLUG_UNIQUE = "categories_slug_unique";
const NOT_FOUND = "Category not found.";

/** Every category with how many products (on sale or archived) it holds, in the shop's order. */
export async function listAdminCategories(db: Database): Promise<AdminCategory[]> {
  return db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      description: categories.description,
      position: categories.position,
      seoTitle: categories.seoTitle,
      seoDescription: categories.seoDescription,
      version: categories.version,
      productCount: count(products.id),
    })
    .from(categories)
    .leftJoin(products, eq(products.categoryId, categories.id))
    .groupBy(categories.id)
    .orderBy(asc(categories.position), asc(categories.name));
}

async function assertSlugFree(tx: Database, slug: string, except?: string) {
  const [row] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(
      except
        ? and(eq(categories.slug, slug), ne(categories.id, except))
        : eq(categories.slug, slug),
    )
    .limit(1);
  if (row) throw slugTaken();
}

const slugTaken = () => new DomainError("CONFLICT", SLUG_TAKEN, "slug");

export async function createCategory(
  db: Database,
  actor: Actor,
  input: CategoryInput,
): Promise<string> {
  const { version: _opened, ...category } = categoryInputSchema.parse(input);
  const id = await refusingDuplicates(CATEGORY_SLUG_UNIQUE, slugTaken, () =>
    db.transaction(async (tx) => {
      await assertSlugFree(tx, category.slug);
      const [row] = await tx.insert(categories).values(category).returning({ id: categories.id });
      if (!row) throw new Error("the category insert returned nothing");
      await recordAudit(tx, {
        actor,
        action: "category.created",
        entity: { type: "category", id: row.id },
        after: category,
      });
      await enqueuePurge(tx, [CATEGORIES_TAG]);
      return row.id;
    }),
  );
  shopChanged();
  return id;
}

export async function updateCategory(
  db: Database,
  actor: Actor,
  id: string,
  input: CategoryInput,
): Promise<void> {
  const { version: opened, ...category } = categoryInputSchema.parse(input);
  await refusingDuplicates(CATEGORY_SLUG_UNIQUE, slugTaken, () =>
    db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(categories)
        .where(eq(categories.id, id))
        .for("update");
      if (!before) throw new DomainError("NOT_FOUND", NOT_FOUND);
      await refuseStaleSave(tx, {
        entity: { type: "category", id },
        noun: "category",
        current: before.version,
        opened,
        labels: fieldLabels,
      });
      await assertSlugFree(tx, category.slug, id);
      const changed = (Object.keys(category) as (keyof typeof category)[]).filter(
        (key) => before[key] !== category[key],
      );
      if (changed.length === 0) return;
      const version = before.version + 1;
      await tx
        .update(categories)
        .set({ ...category, version })
        .where(eq(categories.id, id));
      await enqueuePurge(tx, [CATEGORIES_TAG]);
      await recordAudit(tx, {
        actor,
        action: "category.updated",
        entity: { type: "category", id },
        before: Object.fromEntries(changed.map((key) => [key, before[key]])),
        after: { ...Object.fromEntries(changed.map((key) => [key, category[key]])), version },
      });
    }),
  );
  shopChanged();
}

/** Deletes a category; its products stay, in no category. */
export async function deleteCategory(db: Database, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(categories).where(eq(categories.id, id)).for("update");
    if (!before) throw new DomainError("NOT_FOUND", NOT_FOUND);
    const [held] = await tx
      .select({ count: count() })
      .from(products)
      .where(eq(products.categoryId, id));
    await tx.delete(categories).where(eq(categories.id, id));
    await enqueuePurge(tx, [CATEGORIES_TAG, PRODUCTS_TAG]);
    await recordAudit(tx, {
      actor,
      action: "category.deleted",
      entity: { type: "category", id },
      before: { name: before.name, slug: before.slug, products: held?.count ?? 0 },
    });
  });
  shopChanged();
}
