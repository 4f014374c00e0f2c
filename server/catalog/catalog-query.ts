import { and, asc, desc, eq, gte, ilike, lte, or, type SQL, sql } from "drizzle-orm";
import {
  LISTING_PAGE_SIZE,
  type ListingChoices,
  type ListingSort,
} from "../../app/lib/store-listing";
import type { Database } from "../db/database";
import { preparedStatements } from "../db/prepared";
import { categories, productCounts, products, productVariants } from "../db/schema/catalog";
import { type ProductRow, productRowColumns } from "./product-row";
import { likePattern } from "./search-pattern";

// Which products a listing shows, in which order, and how many match (issue 15). Cost grows with
// what a page shows, not with the catalogue:
// - each sort walks its own partial index over the products on sale (migration 0014), so page 40
//   reads 960 index entries, never the catalogue;
// - search narrows through the GIN indexes first (full text with English stemming on the name and
//   description, and substring on the name), then orders only the matches, name matches first;
//   only when nothing matches does it look for names close to the text (trigram similarity: typo
//   tolerance), so a common word never pays for the fuzzy comparison of every name;
// - a page is one statement: its ids through the sort's index, then those products with their
//   variants by primary key, each row carrying the count of matches. Each sort, filter shape and
//   search stage is prepared once per database (building the SQL cost more than running it).
// Decision record 015 says why full text and pg_trgm, and not an external search engine.

export type CatalogFilter = {
  /** Normalised search text (app/lib/search-text.ts); blank for none. */
  search?: string;
  categorySlug?: string;
  minPricePence?: number;
  maxPricePence?: number;
  inStock?: boolean;
  sort: ListingSort;
  limit: number;
  offset: number;
};

export type ProductPage = { rows: ProductRow[]; total: number };

/** The filter for a listing page's choices (pounds in the URL, pence here; 24 a page). */
export function listingFilter(
  choices: ListingChoices,
): Omit<CatalogFilter, "search" | "categorySlug"> {
  return {
    sort: choices.sort,
    minPricePence: choices.minPounds === null ? undefined : choices.minPounds * 100,
    maxPricePence: choices.maxPounds === null ? undefined : choices.maxPounds * 100,
    inStock: choices.inStock,
    limit: LISTING_PAGE_SIZE,
    offset: (choices.page - 1) * LISTING_PAGE_SIZE,
  };
}

/**
 * The full-text query for what a shopper typed: every word must match (stemmed), the last also as
 * a prefix, since the search box asks while they type ("whit" finds "whitening"). Words are letters
 * and digits only, so nothing typed can be read as query syntax. Null when there is no word.
 */
export function fullTextQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu);
  if (!words) return null;
  const last = words.length - 1;
  return words.map((word, index) => (index === last ? `${word}:*` : word)).join(" & ");
}

type StageKind = "words" | "mixed" | "name" | "close";

/** How a search narrows and ranks: SQL with placeholders, and the values they take. */
type SearchStage = {
  kind: StageKind;
  matches: SQL;
  rank: SQL[];
  values: Record<string, string>;
};

// A sub-select, so a prepared statement's generic plan makes the query once (an init plan), not
// once for every product it compares.
const tsquery = sql`(select to_tsquery('english', ${sql.placeholder("tsquery")}))`;
const nameLike = ilike(products.name, sql.placeholder("like"));

/**
 * The exact stage: every word in the name or the description (stemmed, the last as a prefix);
 * text with more than words (punctuation, symbols) may also be found within the name as typed, so
 * "t_floss" or "100%" find what they say. Name matches first, then the shop's featured order.
 * Served by products_search_idx and products_name_trgm_idx.
 */
function exactStage(text: string): SearchStage {
  const query = fullTextQuery(text);
  const like = likePattern(text);
  if (!query) return { kind: "name", matches: nameLike, rank: [], values: { like } };
  const inText = sql`${products.searchVector} @@ ${tsquery}`;
  const inName = sql`${products.nameVector} @@ ${tsquery}`;
  // Plain words are served by the full-text index alone (an OR with a substring test would read
  // every product to decide).
  if (/^[\p{L}\p{N} ]+$/u.test(text)) {
    return { kind: "words", matches: inText, rank: [desc(inName)], values: { tsquery: query } };
  }
  return {
    kind: "mixed",
    matches: or(inText, nameLike) as SQL,
    rank: [desc(sql`(${inName} or ${nameLike})`)],
    values: { tsquery: query, like },
  };
}

/**
 * The close stage, asked only when nothing matches exactly (typo tolerance): names with whole words
 * within pg_trgm's strict word similarity threshold of the text (0.4, set per session in
 * server/db/client.ts), closest first. "whitning" finds "Whitening Strips". Served by
 * products_name_trgm_idx.
 */
function closeStage(text: string): SearchStage {
  const typed = sql.placeholder("text");
  return {
    kind: "close",
    matches: sql`${products.name} %>> ${typed}`,
    rank: [desc(sql`strict_word_similarity(${typed}, ${products.name})`)],
    values: { text },
  };
}

const featuredOrder = [
  desc(products.featuredRank),
  desc(products.createdAt),
  asc(products.id),
] as const;

function orderFor(sort: ListingSort, rank: SQL[]): SQL[] {
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
type FilterShape = {
  category: boolean;
  minPrice: boolean;
  maxPrice: boolean;
  inStock: boolean;
};

function shapeOf(filter: CatalogFilter): FilterShape {
  return {
    category: filter.categorySlug !== undefined,
    minPrice: filter.minPricePence !== undefined,
    maxPrice: filter.maxPricePence !== undefined,
    inStock: filter.inStock === true,
  };
}

/** The values for a filter's placeholders (those its shape leaves out are not sent). */
function filterValues(filter: CatalogFilter): Record<string, unknown> {
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

function conditionsFor(shape: FilterShape, matches: SQL | null): SQL[] {
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
type Counting = "window" | "subquery" | "none";

/** A statement's name for PostgreSQL: one per sort, filter shape, search stage and counting. */
function statementName(kind: string, shape: FilterShape, ...more: string[]): string {
  const flags = [shape.category, shape.minPrice, shape.maxPrice, shape.inStock]
    .map((on) => (on ? 1 : 0))
    .join("");
  return ["catalog", kind, flags, ...more].join("_");
}

type PageRow = ProductRow & { total: number | null };

function withoutTotal({ total: _total, ...row }: PageRow): ProductRow {
  return row;
}

/**
 * One page of products in order, each read with its variants by primary key after the page's ids
 * are found through the sort's index (a lateral read under OFFSET would build the variants of
 * every skipped product), each row carrying how many products match in all: a search counts in
 * the same pass (it sorts every match anyway), a listing in a sub-select run once (an init plan).
 */
function preparePage(
  db: Database,
  sort: ListingSort,
  shape: FilterShape,
  stage: SearchStage | null,
  counting: Counting,
  name: string,
) {
  const conditions = and(...conditionsFor(shape, stage?.matches ?? null));
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
    .orderBy(...orderFor(sort, stage?.rank ?? []))
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
      total: sql<number | null>`${page.total}`.mapWith((value) =>
        value === null ? null : Number(value),
      ),
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

type PageStatement = { execute(values: Record<string, unknown>): Promise<PageRow[]> };

/** Each database's listing statements, prepared on first use (a few hundred shapes at most). */
const statements = preparedStatements(() => new Map<string, PageStatement>());

function runPage(
  db: Database,
  filter: CatalogFilter,
  stage: SearchStage | null,
  counting: Counting,
): Promise<PageRow[]> {
  const shape = shapeOf(filter);
  const name = statementName("page", shape, filter.sort, stage?.kind ?? "all", counting);
  const byName = statements(db);
  let statement = byName.get(name);
  if (!statement) {
    statement = preparePage(db, filter.sort, shape, stage, counting, name);
    byName.set(name, statement);
  }
  return statement.execute({
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
async function totalPastTheEnd(
  db: Database,
  filter: CatalogFilter,
  stage: SearchStage | null,
  counting: Counting,
): Promise<number> {
  if (filter.offset === 0) return 0;
  const [first] = await runPage(db, { ...filter, limit: 1, offset: 0 }, stage, counting);
  return first?.total ?? 0;
}

/**
 * One page of the listing in order, and how many products match in all (0 when `count` is
 * false): one statement, whatever the catalogue's size. Only a page past the last one, which has
 * no row to carry the count, asks again (totalPastTheEnd); and a search that matches nothing exactly asks
 * again for names close to the text.
 */
export async function findProductPage(
  db: Database,
  filter: CatalogFilter,
  { count = true }: { count?: boolean } = {},
): Promise<ProductPage> {
  if (filter.search) {
    const exact = await searchPage(db, filter, exactStage(filter.search));
    return exact.total > 0 ? exact : searchPage(db, filter, closeStage(filter.search));
  }
  const rows = await runPage(db, filter, null, count ? "subquery" : "none");
  if (!count) return { rows: rows.map(withoutTotal), total: 0 };
  const total = rows[0]?.total ?? (await totalPastTheEnd(db, filter, null, "subquery"));
  return { rows: rows.map(withoutTotal), total };
}

/** One page of a search stage's matches and their count. */
async function searchPage(
  db: Database,
  filter: CatalogFilter,
  stage: SearchStage,
): Promise<ProductPage> {
  const rows = await runPage(db, filter, stage, "window");
  const total = rows[0]?.total ?? (await totalPastTheEnd(db, filter, stage, "window"));
  return { rows: rows.map(withoutTotal), total };
}
