import { asc, eq } from "drizzle-orm";
import type { CategoryPage, CategoryView } from "../../common/catalog/catalog-types";
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
    .select({
      ...categoryColumns,
      seoTitle: categories.seoTitle,
      seoDescription: categories.seoDescription,
    })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.name))
    .prepare("categories_all"),
}));

/**
 * Every category, in the shop's order (the filter chips, the sitemap, the admin's choices): read
 * at most once per 5 s, and afresh once the admin changes anything, since every store, category
 * and search page shows them and they change only when the admin edits them.
 */
const keptCategories = readUntilShopChanges(5_000, async (db: Database) => {
  const pages: readonly CategoryPage[] = await statements(db).all.execute();
  // The chips and the sitemap name a category; only its own page tells search engines about it.
  const views: readonly CategoryView[] = pages.map(({ slug, name, description }) => ({
    slug,
    name,
    description,
  }));
  return { pages, views };
});

export async function listCategories(db: Database): Promise<readonly CategoryView[]> {
  tagPage(CATEGORIES_TAG);
  return (await keptCategories(db)).views;
}

/** The category at `slug` as its own page shows it (with its search listing), or null. */
export async function categoryPage(db: Database, slug: string): Promise<CategoryPage | null> {
  tagPage(CATEGORIES_TAG);
  return (await keptCategories(db)).pages.find((category) => category.slug === slug) ?? null;
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
