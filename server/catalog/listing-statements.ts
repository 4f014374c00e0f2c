import { and, asc, desc, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import type { ListingSort } from "../../common/catalog/store-listing";
import type { Database } from "../db/database";
import type { CatalogFilter } from "./catalog-query";
import { statement } from "./catalog-statements";
import { type ProductRow, productRowColumns } from "./product-row";
import { categories, productCounts, products, productVariants } from "./schema";
import type { SearchStage } from "./search-stages";

// Listing statements: a page of products in a sort's order through its index, with its count.

export const featuredOrder = [
  desc(products.featuredRank),
  desc(products.createdAt),
  asc(products.id),
] as const;

export function orderFor(sort: ListingSort, rank: SQL[]): SQL[] {
  switch (sort) {
    case "newest":
      return [desc(products.createdAt), asc(products.id)];
    case "price-asc":
      return [asc(products.pricePence), asc(products.id)];
    case "price-desc":
      return [desc(products.pricePence), desc(products.id)];
    case "relevance":
      return [...rank, ...featuredOrder];
    default:
      return [...featuredOrder];
  }
}

/** Which filters a listing uses: each combination is its own prepared statement. */
export type FilterShape = {
  category: boolean;
  minPrice: boolean;
  maxPrice: boolean;
  inStock: boolean;
};

export function shapeOf(filter: CatalogFilter): FilterShape {
  return {
    category: filter.categorySlug !== undefined,
    minPrice: filter.minPricePence !== undefined,
    maxPrice: filter.maxPricePence !== undefined,
    inStock: filter.inStock === true,
  };
}

/** The values for a filter's placeholders (those its shape leaves out are not sent). */
export function filterValues(filter: CatalogFilter): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  if (filter.categorySlug !== undefined) values.category = filter.categorySlug;
  if (filter.minPricePence !== undefined) values.minPrice = filter.minPricePence;
  if (filter.maxPricePence !== undefined) values.maxPrice = filter.maxPricePence;
  return values;
}

/** The id of the category the listing asks for, by its slug. */
const categoryOfSlug = sql`(select ${categories.id} from ${categories} where ${categories.slug} = ${sql.placeholder("category")})`;

/**
 * On sale, written as the column itself: `active = $1` would keep a prepared statement's generic
 * plan off the partial indexes on the products on sale (migration 0014).
 */
const onSale = sql`${products.active}`;

export function conditionsFor(shape: FilterShape, matches: SQL | null): SQL[] {
  const conditions: SQL[] = [onSale];
  if (shape.category) {
    conditions.push(sql`${products.categoryId} = ${categoryOfSlug}`);
  }
  if (shape.minPrice) conditions.push(gte(products.pricePence, sql.placeholder("minPrice")));
  if (shape.maxPrice) conditions.push(lte(products.pricePence, sql.placeholder("maxPrice")));
  if (shape.inStock) {
    // Not kept on the product: a flag there would be written by every checkout that empties a
    // variant, and lock the product row in the middle of checkouts (a deadlock between two
    // baskets). The test reads the page's candidates' variants through their index.
    conditions.push(
      sql`exists (select 1 from ${productVariants} where ${productVariants.productId} = ${products.id} and ${productVariants.stockQuantity} > 0)`,
    );
  }
  if (matches) conditions.push(matches);
  return conditions;
}

/** How a page statement counts the products that match. */
export type Counting = "window" | "subquery" | "none";

/** A statement's name for PostgreSQL: one per sort, filter shape, search stage and counting. */
export function statementName(kind: string, shape: FilterShape, ...more: string[]): string {
  const flags = [shape.category, shape.minPrice, shape.maxPrice, shape.inStock]
    .map((on) => (on ? 1 : 0))
    .join("");
  return ["catalog", kind, flags, ...more].join("_");
}

export type PageRow = ProductRow & { total: number | null };

export function withoutTotal({ total: _total, ...row }: PageRow): ProductRow {
  return row;
}

/**
 * One page of products in order, each read with its variants by primary key after the page's ids
 * are found (a lateral read under OFFSET would build the variants of every skipped product), each
 * row carrying how many products match in all when asked: a search that reads all its matches
 * counts them in the same pass (a window), a listing in a sub-select run once (an init plan).
 */
export function preparePage(
  db: Database,
  shape: FilterShape,
  matches: SQL | null,
  order: SQL[],
  counting: Counting,
  name: string,
) {
  const conditions = and(...conditionsFor(shape, matches));
  const total =
    counting === "window"
      ? sql<number>`count(*) over ()`
      : counting === "subquery"
        ? countOnSale(shape, conditions)
        : sql<null>`null::bigint`;
  const pageIds = db
    .select({ id: products.id, total: total.as("total") })
    .from(products)
    .where(conditions)
    .orderBy(...order)
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .as("page_ids");
  // Numbered as they come, in the page's order.
  const page = db
    .select({
      id: pageIds.id,
      total: pageIds.total,
      position: sql<number>`row_number() over ()`.as("position"),
    })
    .from(pageIds)
    .as("page");
  return db
    .select({
      ...productRowColumns,
      total: sql<number | null>`${page.total}`.mapWith(countOrNull),
    })
    .from(page)
    .innerJoin(products, eq(products.id, page.id))
    .orderBy(page.position)
    .prepare(name);
}

/**
 * How many products match, as a sub-select: read from the counts the database keeps (migration
 * 0015) for the whole shop or one category, counted only when a price or stock filter narrows it.
 */
function countOnSale(shape: FilterShape, conditions: SQL | undefined): SQL<number> {
  if (shape.minPrice || shape.maxPrice || shape.inStock) {
    return sql<number>`(select count(*) from ${products} where ${conditions})`;
  }
  const scope = shape.category ? categoryOfSlug : sql`''`;
  return sql<number>`coalesce((select ${productCounts.onSale} from ${productCounts} where ${productCounts.scope} = ${scope}), 0)`;
}

/** A count as PostgreSQL sends it (bigint, as text), or null where none was asked for. */
export function countOrNull(value: unknown): number | null {
  return value === null ? null : Number(value);
}

/**
 * Each database's catalogue statements by name, prepared on first use (a few hundred shapes at
 * most); each name always stands for the same statement, of the type its maker gives.
 */

export function runPage(
  db: Database,
  filter: CatalogFilter,
  stage: SearchStage | null,
  counting: Counting,
): Promise<PageRow[]> {
  const shape = shapeOf(filter);
  const name = statementName("page", shape, filter.sort, stage?.kind ?? "all", counting);
  return statement(db, name, () =>
    preparePage(
      db,
      shape,
      stage?.matches ?? null,
      orderFor(filter.sort, stage?.rank ?? []),
      counting,
      name,
    ),
  ).execute({
    ...filterValues(filter),
    ...stage?.values,
    limit: filter.limit,
    offset: filter.offset,
  });
}

/**
 * How many match, for a page past the last one, which has no row to carry the count: the first
 * page's count, asked with one row.
 */
export async function totalPastTheEnd(
  db: Database,
  filter: CatalogFilter,
  stage: SearchStage | null,
  counting: Counting,
): Promise<number> {
  if (filter.offset === 0) return 0;
  const [first] = await runPage(db, { ...filter, limit: 1, offset: 0 }, stage, counting);
  return first?.total ?? 0;
}
