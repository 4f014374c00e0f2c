import { and, asc, desc, eq, gte, ilike, lte, or, type SQL, sql } from "drizzle-orm";
import {
  LISTING_PAGE_SIZE,
  type ListingChoices,
  type ListingSort,
} from "../../app/lib/store-listing";
import type { Database } from "../db/database";
import { categories, products, productVariants } from "../db/schema/catalog";
import { likePattern } from "./search-pattern";

// Which products a listing shows, in which order, and how many match (issue 15). Cost grows with
// what a page shows, not with the catalogue:
// - each sort walks its own partial index over the products on sale (migration 0014), so page 40
//   reads 960 index entries, never the catalogue;
// - search narrows through the GIN indexes first (full text with English stemming on the name and
//   description, and substring on the name), then orders only the matches, name matches first;
//   only when nothing matches does it look for names close to the text (trigram similarity: typo
//   tolerance), so a common word never pays for the fuzzy comparison of every name;
// - the page's ids come from one statement, the products with their variants from another by id
//   (a lateral join under OFFSET would build the variants of every skipped product).
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

export type ProductPage = { ids: string[]; total: number };

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

type SearchStage = { matches: SQL; rank: SQL[] };

/**
 * The exact stage: every word in the name or the description (stemmed, the last as a prefix);
 * text with more than words (punctuation, symbols) may also be found within the name as typed, so
 * "t_floss" or "100%" find what they say. Name matches first, then the shop's featured order.
 * Served by products_search_idx and products_name_trgm_idx.
 */
function exactStage(text: string): SearchStage {
  const query = fullTextQuery(text);
  const nameLike = ilike(products.name, likePattern(text));
  if (!query) return { matches: nameLike, rank: [] };
  const tsquery = sql`to_tsquery('english', ${query})`;
  const inText = sql`${products.searchVector} @@ ${tsquery}`;
  const inName = sql`${products.nameVector} @@ ${tsquery}`;
  // Plain words are served by the full-text index alone (an OR with a substring test would read
  // every product to decide).
  if (/^[\p{L}\p{N} ]+$/u.test(text)) return { matches: inText, rank: [desc(inName)] };
  return {
    matches: or(inText, nameLike) as SQL,
    rank: [desc(sql`(${inName} or ${nameLike})`)],
  };
}

/**
 * The close stage, asked only when nothing matches exactly (typo tolerance): names with whole words
 * within pg_trgm's strict word similarity threshold of the text (0.4, set per session in
 * server/db/client.ts), closest first. "whitning" finds "Whitening Strips". Served by
 * products_name_trgm_idx.
 */
function closeStage(text: string): SearchStage {
  return {
    matches: sql`${products.name} %>> ${text}`,
    rank: [desc(sql`strict_word_similarity(${text}, ${products.name})`)],
  };
}

const featuredOrder = [
  desc(products.featuredRank),
  desc(products.createdAt),
  asc(products.id),
] as const;

function orderFor(sort: ListingSort, rank: SQL[] | null): SQL[] {
  switch (sort) {
    case "newest":
      return [desc(products.createdAt), asc(products.id)];
    case "price-asc":
      return [asc(products.pricePence), asc(products.id)];
    case "price-desc":
      return [desc(products.pricePence), desc(products.id)];
    case "relevance":
      return [...(rank ?? []), ...featuredOrder];
    default:
      return [...featuredOrder];
  }
}

function conditionsFor(filter: CatalogFilter, matches: SQL | null): SQL[] {
  const conditions: SQL[] = [eq(products.active, true)];
  if (filter.categorySlug !== undefined) {
    conditions.push(
      sql`${products.categoryId} = (select ${categories.id} from ${categories} where ${categories.slug} = ${filter.categorySlug})`,
    );
  }
  if (filter.minPricePence !== undefined) {
    conditions.push(gte(products.pricePence, filter.minPricePence));
  }
  if (filter.maxPricePence !== undefined) {
    conditions.push(lte(products.pricePence, filter.maxPricePence));
  }
  if (filter.inStock) {
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

/** The ids of one page of the listing, in order, and how many products match in all. */
export async function findProductPage(db: Database, filter: CatalogFilter): Promise<ProductPage> {
  if (filter.search) {
    const exact = await searchPage(db, filter, exactStage(filter.search));
    return exact.total > 0 ? exact : searchPage(db, filter, closeStage(filter.search));
  }
  const [rows, total] = await Promise.all([
    db
      .select({ id: products.id })
      .from(products)
      .where(and(...conditionsFor(filter, null)))
      .orderBy(...orderFor(filter.sort, null))
      .limit(filter.limit)
      .offset(filter.offset),
    countProducts(db, filter, null),
  ]);
  return { ids: rows.map((row) => row.id), total };
}

/** One page of a search stage's matches and their count. */
async function searchPage(
  db: Database,
  filter: CatalogFilter,
  stage: SearchStage,
): Promise<ProductPage> {
  // A search sorts every match anyway, so counting them in the same pass costs nothing more.
  const rows = await db
    .select({ id: products.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(products)
    .where(and(...conditionsFor(filter, stage.matches)))
    .orderBy(...orderFor(filter.sort, stage.rank))
    .limit(filter.limit)
    .offset(filter.offset);
  const total =
    rows[0]?.total ?? (filter.offset > 0 ? await countProducts(db, filter, stage.matches) : 0);
  return { ids: rows.map((row) => row.id), total };
}

async function countProducts(
  db: Database,
  filter: CatalogFilter,
  matches: SQL | null,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(products)
    .where(and(...conditionsFor(filter, matches)));
  return row?.count ?? 0;
}
