import { and, asc, desc, eq, gte, ilike, lte, or, type SQL, sql } from "drizzle-orm";
import {
  LISTING_PAGE_SIZE,
  type ListingChoices,
  type ListingSort,
} from "../../shared/store-listing";
import type { Database } from "../db/database";
import { preparedStatements } from "../db/prepared";
import {
  categories,
  productCounts,
  products,
  productVariants,
  searchWords,
} from "../db/schema/catalog";
import { type ProductRow, productRowColumns } from "./product-row";
import { likePattern } from "./search-pattern";

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

export type CatalogFilter = {
  /** Normalised search text (shared/search-text.ts); blank for none. */
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

/** The words of what a shopper typed: letters and digits only, lower case. */
function typedWords(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * The full-text query for what a shopper typed: every word must match (stemmed), the last also as
 * a prefix, since the search box asks while they type ("whit" finds "whitening"). Words are letters
 * and digits only, so nothing typed can be read as query syntax. Null when there is no word.
 * `alternatives` gives, for a word, other words that may stand in its place (typo tolerance:
 * closeWordsQuery), each letters and digits only.
 */
export function fullTextQuery(
  text: string,
  alternatives: ReadonlyMap<string, readonly string[]> = new Map(),
): string | null {
  const words = typedWords(text);
  if (words.length === 0) return null;
  const last = words.length - 1;
  return words
    .map((word, index) => {
      const typed = index === last ? `${word}:*` : word;
      const others = (alternatives.get(word) ?? []).filter(
        (other) => other !== word && /^[\p{L}\p{N}]+$/u.test(other),
      );
      return others.length === 0 ? typed : `(${[typed, ...others].join(" | ")})`;
    })
    .join(" & ");
}

type StageKind = "words" | "mixed" | "name";

/** How a search narrows and ranks: SQL with placeholders, and the values they take. */
type SearchStage = {
  kind: StageKind;
  matches: SQL;
  rank: SQL[];
  /** A words stage's name matches, which come first in the best-match order. */
  inName?: SQL;
  values: Record<string, string>;
};

// A sub-select, so a prepared statement's generic plan makes the query once (an init plan), not
// once for every product it compares.
const tsquery = sql`(select to_tsquery('english', ${sql.placeholder("tsquery")}))`;
const nameLike = ilike(products.name, sql.placeholder("like"));
const inText = sql`${products.searchVector} @@ ${tsquery}`;
const inName = sql`${products.nameVector} @@ ${tsquery}`;

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
  // Plain words are served by the full-text index alone (an OR with a substring test would read
  // every product to decide).
  if (/^[\p{L}\p{N} ]+$/u.test(text)) return wordsStage(query);
  return {
    kind: "mixed",
    matches: or(inText, nameLike) as SQL,
    rank: [desc(sql`(${inName} or ${nameLike})`)],
    values: { tsquery: query, like },
  };
}

/** A stage of words: the full-text query alone, name matches first. */
function wordsStage(query: string): SearchStage {
  return {
    kind: "words",
    matches: inText,
    rank: [desc(inName)],
    inName,
    values: { tsquery: query },
  };
}

/** Words of the shop looked for in place of each word typed, closest first. */
const CLOSE_WORDS_PER_WORD = 3;

/**
 * Typo tolerance, asked only when nothing matches exactly: the full-text query again with each
 * word typed allowed to be any of the shop's words close to it (pg_trgm similarity at least 0.4,
 * set per session in server/db/client.ts; up to three, the closest and most used first), as well
 * as itself. "whitning" finds what "whitening" finds; "complet smil bundel" what "complete smile
 * bundle" does. One statement over the shop's vocabulary (search_words, migration 0017) through
 * its trigram index: its cost follows the vocabulary, not the catalogue. Gives the query and the
 * phrase to show the shopper (each word typed as its closest word); null when no word typed has a
 * close word (nothing more to look for). Words shorter than three letters or longer than forty
 * are not looked up (none of the vocabulary's is).
 */
async function closeWordsQuery(
  db: Database,
  text: string,
): Promise<{ query: string; phrase: string } | null> {
  const words = [...new Set(typedWords(text))].filter(
    (word) => word.length >= 3 && word.length <= 40,
  );
  if (words.length === 0) return null;
  const rows = await statement(db, "catalog_close_words", () => {
    const close = db
      .select({ word: searchWords.word })
      .from(searchWords)
      .where(sql`${searchWords.word} % typed.word`)
      .orderBy(
        sql`similarity(${searchWords.word}, typed.word) desc`,
        desc(searchWords.products),
        asc(searchWords.word),
      )
      .limit(CLOSE_WORDS_PER_WORD)
      .as("close");
    return db
      .select({ typed: sql<string>`typed.word`, close: close.word })
      .from(sql`unnest(string_to_array(${sql.placeholder("words")}, ' ')) as typed(word)`)
      .innerJoinLateral(close, sql`true`)
      .prepare("catalog_close_words");
  }).execute({ words: words.join(" ") });
  const alternatives = new Map<string, string[]>();
  /** Words typed that are words of the shop themselves: the phrase keeps them. */
  const known = new Set<string>();
  for (const { typed, close } of rows) {
    if (close === typed) known.add(typed);
    else alternatives.set(typed, [...(alternatives.get(typed) ?? []), close]);
  }
  const query = alternatives.size === 0 ? null : fullTextQuery(text, alternatives);
  if (query === null) return null;
  const phrase = typedWords(text)
    .map((word) => (known.has(word) ? word : (alternatives.get(word)?.[0] ?? word)))
    .join(" ");
  return { query, phrase };
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
 * are found (a lateral read under OFFSET would build the variants of every skipped product), each
 * row carrying how many products match in all when asked: a search that reads all its matches
 * counts them in the same pass (a window), a listing in a sub-select run once (an init plan).
 */
function preparePage(
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
function countOrNull(value: unknown): number | null {
  return value === null ? null : Number(value);
}

/**
 * Each database's catalogue statements by name, prepared on first use (a few hundred shapes at
 * most); each name always stands for the same statement, of the type its maker gives.
 */
const statements = preparedStatements(() => new Map<string, unknown>());

/** The prepared statement called `name`, made by `prepare` the first time it is asked for. */
function statement<Statement>(db: Database, name: string, prepare: () => Statement): Statement {
  const byName = statements(db);
  let found = byName.get(name) as Statement | undefined;
  if (!found) {
    found = prepare();
    byName.set(name, found);
  }
  return found;
}

function runPage(
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

/** One page of a search stage's matches and their count, every match read and ordered. */
async function orderedMatchesPage(
  db: Database,
  filter: CatalogFilter,
  stage: SearchStage,
): Promise<ProductPage> {
  const rows = await runPage(db, filter, stage, "window");
  const total = rows[0]?.total ?? (await totalPastTheEnd(db, filter, stage, "window"));
  return { rows: rows.map(withoutTotal), total, totalIsExact: true };
}

type SearchCounts = {
  /** Products on sale in the whole shop: how many entries an order's index holds. */
  onSale: number;
  /** Matches, counted up to the limit asked for: that many means at least that many. */
  total: number;
  /** Name matches, counted up to the cap asked for (exact below it); null when not asked. */
  inName: number | null;
};

type CountsRow = SearchCounts & ProductRow & { position: number | null };

/**
 * How many products a words stage matches (up to `countLimit`), how many of them by name (up to
 * `nameCap`) and how many are on sale, and, when the matches are no more than `plan.manyMatches`,
 * the page itself, read and ordered: one statement. The counts read the GIN indexes and visit
 * matches, not the products' columns, each count stopping at its limit.
 * The page is asked for under a condition on the count, which PostgreSQL tests once before
 * reading any match (a one-time filter): with more matches it reads none, and searchPage finds the
 * page another way. The counts are a sub-select fenced by an OFFSET, so the page's condition reads
 * the count made, not a second count.
 */
async function searchCountsAndSmallPage(
  db: Database,
  filter: CatalogFilter,
  stage: SearchStage,
  limits: { count: number; names: number | null },
  plan: SearchPlan,
): Promise<{ counts: SearchCounts; rows: ProductRow[] }> {
  const nameCap = limits.names;
  const shape = shapeOf(filter);
  const name = statementName(
    "first",
    shape,
    filter.sort,
    stage.kind,
    nameCap === null ? "all" : "names",
  );
  const rows = await statement(db, name, (): { execute(values: object): Promise<CountsRow[]> } => {
    const matching = and(...conditionsFor(shape, stage.matches));
    const byName = and(...conditionsFor(shape, stage.inName ?? null));
    // Stops at the limit: past a thousand matches an exact figure costs more than it tells.
    const countedMatches = sql`(select 1 from ${products} where ${matching} limit ${sql.placeholder("countLimit")}) as counted`;
    // Any OFFSET keeps a sub-select whole (PostgreSQL does not pull it into the query), so what
    // reads `total` reads the count made, not a count of its own.
    const matches = db
      .select({
        onSale: sql<number>`${productCounts.onSale}`.as("on_sale"),
        total: sql<number>`(select count(*) from ${countedMatches})`.as("total"),
      })
      .from(productCounts)
      .where(eq(productCounts.scope, ""))
      .offset(sql.placeholder("fence"))
      .as("matches");
    // Counted only when the page is not read here (a sub-plan in a branch not taken never runs).
    const inName =
      nameCap === null
        ? sql<null>`null::bigint`
        : sql`case when ${matches.total} > ${sql.placeholder("manyMatches")} then (select count(*) from (select 1 from ${products} where ${byName} limit ${sql.placeholder("nameCap")}) as name_matches) end`;
    const counts = db
      .select({
        onSale: matches.onSale,
        total: matches.total,
        inName: sql<number | null>`${inName}`.as("in_name"),
      })
      .from(matches)
      .offset(sql.placeholder("fence"))
      .as("counts");
    const pageIds = db
      .select({ id: products.id })
      .from(products)
      .where(and(matching, sql`${counts.total} <= ${sql.placeholder("manyMatches")}`))
      .orderBy(...orderFor(filter.sort, stage.rank))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .as("page_ids");
    const page = db
      .select({ id: pageIds.id, position: sql<number>`row_number() over ()`.as("position") })
      .from(pageIds)
      .as("page");
    return db
      .select({
        ...productRowColumns,
        onSale: sql<number>`${counts.onSale}`.mapWith(Number),
        total: sql<number>`${counts.total}`.mapWith(Number),
        inName: sql<number | null>`${counts.inName}`.mapWith(countOrNull),
        position: page.position,
      })
      .from(counts)
      .leftJoinLateral(page, sql`true`)
      .leftJoin(products, eq(products.id, page.id))
      .orderBy(page.position)
      .prepare(name) as unknown as { execute(values: object): Promise<CountsRow[]> };
  }).execute({
    ...filterValues(filter),
    ...stage.values,
    nameCap,
    countLimit: limits.count,
    fence: 0,
    manyMatches: plan.manyMatches,
    limit: filter.limit,
    offset: filter.offset,
  });
  const [first] = rows;
  // No row: nothing on sale at all.
  if (!first) return { counts: { onSale: 0, total: 0, inName: 0 }, rows: [] };
  const counts = { onSale: first.onSale, total: first.total, inName: first.inName };
  // A row without a product carries the counts alone (no page asked for, or none past the end).
  const page = rows.flatMap(({ onSale: _o, total: _t, inName: _n, position, ...row }) =>
    position === null ? [] : [row],
  );
  return { counts, rows: page };
}

/** Which of a words stage's matches a part of a page comes from. */
type Tier = "name" | "rest" | "all";

/**
 * Rows `offset` to `offset + limit` of one tier of a words stage's matches, in the order of
 * `filter.sort` (featured order within a best-match tier). `tierSize` is how many the tier holds
 * (`capped`: at least that many, its count stopped there), `onSale` how many products the order's
 * index holds: together they say how far a walk of that index must go to pass `offset + limit` of
 * them. Near enough, the index is walked and the walk stops at the page (the match test written
 * so that the GIN index cannot serve it, which leaves the walk as the planner's cheapest way);
 * further, the tier's matches are read through the GIN index and ordered. Both statements give
 * the same rows. A walk is taken when it reads no more than `plan.walkMaxRows`, nor more than
 * twice the tier's matches; with the count capped the tier holds more than the cap (often many
 * more: 2,048 name matches for a cap of 500), so reading them costs more and the walk less than
 * the cap says, and only the first bound applies. "whitening" at 10,000 products, 100 a page: the
 * name matches' page 2.2-3.3 ms ordered, 0.5-0.8 ms walked.
 */
function tierRows(
  db: Database,
  filter: CatalogFilter,
  stage: SearchStage,
  tier: Tier,
  part: { offset: number; limit: number; tierSize: number; capped: boolean; onSale: number },
  plan: SearchPlan,
): Promise<PageRow[]> {
  if (part.limit <= 0 || (part.offset >= part.tierSize && !part.capped)) {
    return Promise.resolve([]);
  }
  const rowsToWalk = ((part.offset + part.limit) * part.onSale) / Math.max(part.tierSize, 1);
  const walk =
    rowsToWalk <= (part.capped ? plan.walkMaxRows : Math.min(plan.walkMaxRows, 2 * part.tierSize));
  const shape = shapeOf(filter);
  const name = statementName(
    "page",
    shape,
    filter.sort,
    `${stage.kind}-${tier}`,
    walk ? "walk" : "ordered",
  );
  return statement(db, name, () => {
    const inName = stage.inName ?? sql`false`;
    const matches =
      tier === "name"
        ? inName
        : tier === "rest"
          ? sql`${stage.matches} and not ${inName}`
          : stage.matches;
    const order = filter.sort === "relevance" ? [...featuredOrder] : orderFor(filter.sort, []);
    return preparePage(
      db,
      shape,
      walk ? sql`coalesce(${matches}, false)` : matches,
      order,
      "none",
      name,
    );
  }).execute({
    ...filterValues(filter),
    ...stage.values,
    limit: part.limit,
    offset: part.offset,
  });
}

/**
 * One page of a search stage's matches and their count. A stage other than plain words (text with
 * punctuation) reads and orders all its matches in one statement. A words stage counts its
 * matches first, in the statement that also reads and orders them when they are few; with many
 * (a word half the catalogue holds) it then finds only the page: ordering every match cost more
 * than all the rest of the search (4,903 of 10,000 products for "whitening"). In the best-match
 * order the name matches come first, so the page is found among the name matches, among the
 * others, or across the two, each part by tierRows. Measured at 10,000 products on PostgreSQL
 * (whole-machine CPU per request, 24 a page): "whitening" 4.9 → 3.9 ms; a word with 188 matches
 * 1.8 → 2.1 ms, the count read beside its page.
 */
async function searchPage(
  db: Database,
  filter: CatalogFilter,
  stage: SearchStage,
  plan: SearchPlan,
): Promise<ProductPage> {
  if (stage.kind !== "words") return orderedMatchesPage(db, filter, stage);
  const end = filter.offset + filter.limit;
  const relevance = filter.sort === "relevance";
  // Counted up to the page's end at least: below the cap the count is exact, so a page that
  // reaches past the name matches knows where they end.
  const nameCap = relevance ? Math.max(plan.nameCountCap, end) : null;
  // One more than is shown: reaching it says there are more.
  const shown = Math.max(plan.countCap, end);
  const first = await searchCountsAndSmallPage(
    db,
    filter,
    stage,
    { count: shown + 1, names: nameCap },
    plan,
  );
  const { counts } = first;
  const totalIsExact = counts.total <= shown;
  const total = Math.min(counts.total, shown);
  if (counts.total <= plan.manyMatches) return { rows: first.rows, total, totalIsExact };
  const part = (tier: Tier, offset: number, limit: number, tierSize: number, capped = false) =>
    tierRows(
      db,
      filter,
      stage,
      tier,
      { offset, limit, tierSize, capped, onSale: counts.onSale },
      plan,
    );
  let parts: Array<Promise<PageRow[]>>;
  if (counts.inName === null) {
    parts = [part("all", filter.offset, filter.limit, counts.total, !totalIsExact)];
  } else if (counts.inName >= end) {
    // Counted up to nameCap: as many as that means at least as many.
    const capped = nameCap !== null && counts.inName >= nameCap;
    parts = [part("name", filter.offset, filter.limit, counts.inName, capped)];
  } else {
    const names = counts.inName;
    parts = [
      part("name", filter.offset, names - filter.offset, names),
      part(
        "rest",
        Math.max(0, filter.offset - names),
        end - Math.max(filter.offset, names),
        counts.total - names,
        !totalIsExact,
      ),
    ];
  }
  const rows = (await Promise.all(parts)).flat();
  return { rows: rows.map(withoutTotal), total, totalIsExact };
}
