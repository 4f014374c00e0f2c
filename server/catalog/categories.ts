import { asc, eq } from "drizzle-orm";
import type { CategoryView } from "../../app/lib/catalog-types";
import type { Database } from "../db/database";
import { preparedStatements } from "../db/prepared";
import { categories } from "../db/schema/catalog";
import { DomainError } from "../errors";
import { onShopChanged } from "../events/shop-changed";

const categoryColumns = {
  slug: categories.slug,
  name: categories.name,
  description: categories.description,
};

const statements = preparedStatements((db: Database) => ({
  all: db
    .select(categoryColumns)
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.name))
    .prepare("categories_all"),
}));

/**
 * How long a process keeps the category list, should the notice of a change be lost (the admin's
 * saves empty it at once on every instance: server/events/shop-changed.ts).
 */
const CATEGORIES_TTL_MS = 5_000;
/** The category list each database handle last read, and until when it serves. */
let lists = new WeakMap<Database, { value: Promise<CategoryView[]>; expires: number }>();
onShopChanged(() => {
  lists = new WeakMap();
});

/**
 * Every category, in the shop's order (the filter chips, the sitemap, the admin's choices): read
 * at most once per CATEGORIES_TTL_MS, since every store, category and search page shows them and
 * they change only when the admin edits them. The list is shared: callers do not change it.
 */
export function listCategories(db: Database): Promise<readonly CategoryView[]> {
  const kept = lists.get(db);
  if (kept && kept.expires > Date.now()) return kept.value;
  const value = statements(db).all.execute();
  const entry = { value, expires: Date.now() + CATEGORIES_TTL_MS };
  lists.set(db, entry);
  // A failed read is not kept: the next caller tries again.
  value.catch(() => {
    if (lists.get(db) === entry) lists.delete(db);
  });
  return value;
}

/** The category at `slug`; NOT_FOUND when there is none. */
export async function getCategory(db: Database, slug: string): Promise<CategoryView> {
  const [category] = await db
    .select(categoryColumns)
    .from(categories)
    .where(eq(categories.slug, slug))
    .limit(1);
  if (!category) throw new DomainError("NOT_FOUND", "Category not found.");
  return category;
}
