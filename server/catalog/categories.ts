import { asc, eq } from "drizzle-orm";
import type { CategoryView } from "../../common/catalog/catalog-types";
import { CATEGORIES_TAG, tagPage } from "../cache/cache-tags";
import type { Database } from "../db/database";
import { preparedStatements } from "../db/prepared";
import { DomainError } from "../errors";
import { readUntilShopChanges } from "../events/shop-changed";
import { categories } from "./schema";

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
 * Every category, in the shop's order (the filter chips, the sitemap, the admin's choices): read
 * at most once per 5 s, and afresh once the admin changes anything, since every store, category
 * and search page shows them and they change only when the admin edits them.
 */
const keptCategories = readUntilShopChanges(5_000, (db: Database) => statements(db).all.execute());

export function listCategories(db: Database): Promise<readonly CategoryView[]> {
  tagPage(CATEGORIES_TAG);
  return keptCategories(db);
}

/** The category at `slug`; NOT_FOUND when there is none. */
export async function getCategory(db: Database, slug: string): Promise<CategoryView> {
  tagPage(CATEGORIES_TAG);
  const [category] = await db
    .select(categoryColumns)
    .from(categories)
    .where(eq(categories.slug, slug))
    .limit(1);
  if (!category) throw new DomainError("NOT_FOUND", "Category not found.");
  return category;
}
