import {
  LISTING_PAGE_SIZE,
  type ListingChoices,
  type ListingSort,
} from "../../common/catalog/store-listing";
import type { Database } from "../db/database";
import { runPage, totalPastTheEnd, withoutTotal } from "./listing-statements";
import type { ProductRow } from "./product-row";
import { searchPage } from "./search-page";
import { closeWordsQuery, exactStage, wordsStage } from "./search-stages";

// Which products a listing shows, in which order, and how many match. Cost grows with
// what a page shows, not with the catalogue:
// - each sort walks its own partial index over the products on sale (migration 0014), so page 40
//   reads 960 index entries, never the catalogue;
// - search counts its matches through the GIN indexes (full text with English stemming on the name
//   and description, and substring on the name), then finds the page: a word few products hold
//   has its matches read and ordered, name matches first; a word many hold has its page read by
//   walking the order's index and stopping at the page, as a listing does (see searchPage). Only
//   when nothing matches does it look for words of the shop close to the words typed (trigram
//   similarity over the shop's vocabulary, not its products: typo tolerance) and search again
//   with them, so neither a common word nor a typo pays for a fuzzy comparison of every name;
// - a listing page is one statement: its ids through the sort's index, then those products with
//   their variants by primary key, each row carrying the count of matches. Each sort, filter shape
//   and search stage is prepared once per database (building the SQL cost more than running it).
// Decision record 015 says why full text and pg_trgm, and not an external search engine.
// This file is the entry; the statements are in listing-statements.ts (a page through a sort's
// index), search-stages.ts (what a search matches; close words for a typo) and search-page.ts (a
// search's counts, then its page read or walked).

export type CatalogFilter = {
  /** Normalised search text (common/catalog/search-text.ts); blank for none. */
  search?: string;
  categorySlug?: string;
  minPricePence?: number;
  maxPricePence?: number;
  inStock?: boolean;
  sort: ListingSort;
  limit: number;
  offset: number;
};

export type ProductPage = {
  rows: ProductRow[];
  total: number;
  /** False when a search stopped counting its matches (SearchPlan.countCap): more than `total`
   * products match. Listings always count exactly. */
  totalIsExact: boolean;
  /** When nothing matched what was typed and close words were searched instead: what was typed
   * with each word put as its closest word of the shop ("wihtening pen": "whitening pen"). */
  correctedTo?: string;
};

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
 * When a search reads all its matches and when it walks its order's index instead (searchPage).
 * The defaults suit catalogues of a few hundred to tens of thousands of products; tests pass
 * small ones to take every path with a few products.
 */
export type SearchPlan = {
  /** A search counts its matches up to this many, or to the end of the page asked for if
   * further; past it the count says "more than" (no fewer than manyMatches). */
  countCap: number;
  /** Up to this many matches, a search reads and orders them all (one statement). */
  manyMatches: number;
  /** Name matches are counted up to this many (or the page's end, if further): enough to know
   * whether the page is among them and how densely the order's index holds them. */
  nameCountCap: number;
  /** A part of a page is found by walking the order's index when that is expected to read no
   * more than this many products, nor more than twice the matches it would otherwise read and
   * order. */
  walkMaxRows: number;
};

/**
 * Measured at 10,000 products on PostgreSQL: counting a match costs about a third of reading and
 * ordering it, and a walk reads about as fast as the reading of matches. Up to 200 matches, the
 * count read beside the page costs little (at most 0.1-0.2 ms); past it, a common word's page is
 * found for a fraction of ordering every match. Counting stops past 1,000 matches (41 pages of
 * 24; decision record 031): "whitening", which 4,903 of 10,000 products hold, 4 ms counted in
 * full, 1.5 ms to 1,001.
 */
export const DEFAULT_SEARCH_PLAN: SearchPlan = {
  countCap: 1000,
  manyMatches: 200,
  nameCountCap: 500,
  walkMaxRows: 2000,
};

/**
 * One page of the listing in order, and how many products match in all (0 when `count` is
 * false): one statement, whatever the catalogue's size. Only a page past the last one, which has
 * no row to carry the count, asks again (totalPastTheEnd). A search costs two or three (see
 * searchPage); one that matches nothing exactly looks for words close to those typed and, when
 * there are some, searches again with them (closeWordsQuery).
 */
export async function findProductPage(
  db: Database,
  filter: CatalogFilter,
  { count = true, plan = DEFAULT_SEARCH_PLAN }: { count?: boolean; plan?: SearchPlan } = {},
): Promise<ProductPage> {
  if (filter.search) {
    const exact = await searchPage(db, filter, exactStage(filter.search), plan);
    if (exact.total > 0) return exact;
    const corrected = await closeWordsQuery(db, filter.search);
    if (corrected === null) return exact;
    const page = await searchPage(db, filter, wordsStage(corrected.query), plan);
    return page.total > 0 ? { ...page, correctedTo: corrected.phrase } : page;
  }
  const rows = await runPage(db, filter, null, count ? "subquery" : "none");
  if (!count) return { rows: rows.map(withoutTotal), total: 0, totalIsExact: true };
  const total = rows[0]?.total ?? (await totalPastTheEnd(db, filter, null, "subquery"));
  return { rows: rows.map(withoutTotal), total, totalIsExact: true };
}
