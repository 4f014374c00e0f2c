import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import type { CatalogFilter, ProductPage, SearchPlan } from "./catalog-query";
import { statement } from "./catalog-statements";
import {
  conditionsFor,
  countOrNull,
  featuredOrder,
  filterValues,
  orderFor,
  type PageRow,
  preparePage,
  runPage,
  shapeOf,
  statementName,
  totalPastTheEnd,
  withoutTotal,
} from "./listing-statements";
import { type ProductRow, productRowColumns } from "./product-row";
import { productCounts, products } from "./schema";
import type { SearchStage } from "./search-stages";

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
export async function searchPage(
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
