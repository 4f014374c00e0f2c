import {
  type CatalogFilter,
  DEFAULT_SEARCH_PLAN,
  findProductPage,
  type SearchPlan,
} from "@server/catalog/catalog-query";
import { findProducts } from "@server/catalog/catalog-service";
import { categories, products, productVariants } from "@server/catalog/schema";
import { seedScaleCatalog } from "@server/seed/scale-catalog";
import { and, asc, desc, eq, exists, gt, gte, lte, type SQL, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ListingSort } from "../../common/catalog/store-listing";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// A search for a word many products hold finds its page without ordering every match:
// it counts the matches, then walks the order's index to the page, or reads one part of the
// matches, name matches first (server/catalog/catalog-query.ts, searchPage). Whichever way a page
// is found, it must be the page a plain query of every match, ordered in full, gives: checked here
// against that query for every sort, with filters, at the first page, around the end of the name
// matches, deep in the list, at the last page and past it, with the shop's own plan and with
// small ones that take the other ways on 1,200 products.

const PRODUCTS = 1200;
const SORTS: ListingSort[] = ["relevance", "featured", "newest", "price-asc", "price-desc"];
/** Words from the generated catalogue: in half of it, in names only, in descriptions mostly, rare. */
const QUERIES = ["whitening", "mint", "enamel", "gleam floss", "bamboo"];
/** The shop's plan, and plans that walk often, never, or count few names or few matches. */
const PLANS: SearchPlan[] = [
  DEFAULT_SEARCH_PLAN,
  { countCap: 1000, manyMatches: 10, nameCountCap: 12, walkMaxRows: 600 },
  { countCap: 1000, manyMatches: 10, nameCountCap: 40, walkMaxRows: 0 },
  { countCap: 1000, manyMatches: 0, nameCountCap: 1, walkMaxRows: 100_000 },
  { countCap: 60, manyMatches: 10, nameCountCap: 12, walkMaxRows: 600 },
];

/** How a statement that walks an order's index writes its match test (the GIN index cannot serve it). */
const WALK = 'coalesce("products".';
/** How the counts' statement stops counting (decision record 031): its matches under a LIMIT. */
const COUNT_STOPS =
  /select count\(\*\) from \(select 1 from "products" where .+ limit \$\d+\) as counted/s;

type Filter = Pick<CatalogFilter, "categorySlug" | "minPricePence" | "maxPricePence" | "inStock">;
const FILTERS: Filter[] = [
  {},
  { categorySlug: "whitening-strips" },
  { inStock: true, minPricePence: 500, maxPricePence: 3000 },
];

describe.each(testDrivers)("search pages at scale on %s", (driver) => {
  const queries: string[] = [];
  const database = useTestDatabase(driver, { onQuery: (query) => queries.push(query) });
  const db = () => database.db();

  /** What a plain query of `text`'s matches under `filter` says, and the text's tsquery. */
  function matching(text: string, filter: Filter) {
    const words = text.split(" ");
    const last = words.length - 1;
    const tsquery = words.map((word, i) => (i === last ? `${word}:*` : word)).join(" & ");
    const query = sql`to_tsquery('english', ${tsquery})`;
    const conditions: SQL[] = [
      eq(products.active, true),
      sql`${products.searchVector} @@ ${query}`,
    ];
    if (filter.categorySlug) {
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
      conditions.push(
        exists(
          db()
            .select({ one: sql`1` })
            .from(productVariants)
            .where(
              and(eq(productVariants.productId, products.id), gt(productVariants.stockQuantity, 0)),
            ),
        ),
      );
    }
    return { where: and(...conditions), inName: sql`${products.nameVector} @@ ${query}` };
  }

  /** Every match of `text` in `sort`'s order, by one plain query that orders them all. */
  async function everyMatch(text: string, sort: ListingSort, filter: Filter): Promise<string[]> {
    const { where, inName } = matching(text, filter);
    const featured = [desc(products.featuredRank), desc(products.createdAt), asc(products.id)];
    const order: Record<ListingSort, SQL[]> = {
      relevance: [desc(inName), ...featured],
      featured,
      newest: [desc(products.createdAt), asc(products.id)],
      "price-asc": [asc(products.pricePence), asc(products.id)],
      "price-desc": [desc(products.pricePence), desc(products.id)],
    };
    const rows = await db()
      .select({ id: products.id })
      .from(products)
      .where(where)
      .orderBy(...order[sort]);
    return rows.map((row) => row.id);
  }

  /** How many of the matches hold every word in their name (the first in best-match order). */
  async function nameMatches(text: string, filter: Filter): Promise<number> {
    const { where, inName } = matching(text, filter);
    const [row] = await db()
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .where(and(where, inName));
    return row?.count ?? 0;
  }

  it("gives every page as the plain query of every match does, whichever way it is found", async () => {
    await seedScaleCatalog(db(), PRODUCTS);
    queries.length = 0;
    let checked = 0;
    for (const text of QUERIES) {
      for (const filter of FILTERS) {
        const names = await nameMatches(text, filter);
        for (const sort of SORTS) {
          const expected = await everyMatch(text, sort, filter);
          // Nothing matching exactly, the search looks for close words instead (tested apart).
          if (expected.length === 0) continue;
          const size = 7;
          const offsets = new Set(
            [0, names - 8, names - 3, names, names + 2, 490, expected.length - 3]
              .concat([expected.length, expected.length + 20])
              .filter((offset) => offset >= 0),
          );
          for (const plan of PLANS) {
            for (const offset of offsets) {
              const page = await findProductPage(
                db(),
                { ...filter, search: text, sort, limit: size, offset },
                { plan },
              );
              const where = `${text} ${sort} ${JSON.stringify(filter)} ${JSON.stringify(plan)} @${offset}`;
              expect(
                page.rows.map((row) => row.id),
                where,
              ).toEqual(expected.slice(offset, offset + size));
              // Counted up to the cap or the page's end, whichever is further; past it, "more than".
              const shown = Math.max(plan.countCap, offset + size);
              expect(page.total, where).toBe(Math.min(expected.length, shown));
              expect(page.totalIsExact, where).toBe(expected.length <= shown);
              checked++;
            }
          }
        }
      }
    }
    // The catalogue holds what the cases are about: a word half of it holds, a rare one.
    expect((await everyMatch("whitening", "relevance", {})).length).toBeGreaterThan(500);
    expect((await everyMatch("bamboo", "relevance", {})).length).toBeLessThan(200);
    expect(checked).toBeGreaterThan(1900);
    // Each way was taken: walks and reads of all matches, of the name matches and of the rest.
    const statements = new Set(queries);
    const pageStatements = [...statements].filter((text) => text.includes("row_number()"));
    const walks = pageStatements.filter((text) => text.includes(WALK));
    const ordered = pageStatements.filter((text) => !text.includes(WALK));
    for (const ways of [walks, ordered]) {
      expect(ways.some((text) => text.includes("and not"))).toBe(true);
      expect(ways.some((text) => !text.includes("search_vector"))).toBe(true);
    }
  }, 20_000);

  it("pages a common word's results without duplicates or gaps, in two statements a page", async () => {
    await seedScaleCatalog(db(), PRODUCTS);
    const expected = await everyMatch("whitening", "relevance", {});
    const seen: string[] = [];
    for (let offset = 0; offset < expected.length + 24; offset += 24) {
      queries.length = 0;
      const page = await findProducts(db(), {
        search: "whitening",
        sort: "relevance",
        limit: 24,
        offset,
      });
      // The counts, then the page (two parts where it spans the end of the name matches).
      expect(queries.length).toBeLessThanOrEqual(3);
      expect(page.total).toBe(expected.length);
      expect(page.totalIsExact).toBe(true);
      seen.push(...page.products.map((product) => product.id));
    }
    expect(seen).toEqual(expected);
    // The first page walks the best-match order's index rather than ordering every match.
    queries.length = 0;
    await findProducts(db(), { search: "whitening", sort: "relevance", limit: 24, offset: 0 });
    expect(queries).toHaveLength(2);
    expect(queries[1]).toContain(WALK);
  }, 20_000);

  it("counts a word every product holds up to 1,000, and pages on past that without duplicates or gaps", async () => {
    await seedScaleCatalog(db(), PRODUCTS);
    // "flavour" is in every generated product's description.
    const expected = await everyMatch("flavour", "relevance", {});
    expect(expected).toHaveLength(PRODUCTS);
    const seen: string[] = [];
    queries.length = 0;
    for (let offset = 0; offset < expected.length + 24; offset += 24) {
      const page = await findProducts(db(), {
        search: "flavour",
        sort: "relevance",
        limit: 24,
        offset,
      });
      const shown = Math.max(DEFAULT_SEARCH_PLAN.countCap, offset + 24);
      const where = `@${offset}`;
      expect(page.total, where).toBe(Math.min(expected.length, shown));
      expect(page.totalIsExact, where).toBe(expected.length <= shown);
      seen.push(...page.products.map((product) => product.id));
    }
    expect(seen).toEqual(expected);
    // The count itself stops: the figure past it is the same either way, the work is not.
    expect(queries.some((text) => COUNT_STOPS.test(text))).toBe(true);
  }, 20_000);
});
