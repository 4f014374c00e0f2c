import { searchSorts } from "@common/catalog/store-listing";
import { toApiProduct } from "@server/catalog/catalog-api";
import { findProducts } from "@server/catalog/catalog-service";
import { getCategory } from "@server/catalog/categories";
import { getDb } from "@server/db/connection";
import { DomainError } from "@server/errors";
import { apiRoute } from "@server/http/api-route";
import { z } from "zod";

export const MAX_PAGE_SIZE = 100;
const MAX_OFFSET = 1_000_000;
const MAX_PRICE_PENCE = 10_000_000;

function wholeNumber(name: string, min: number, max: number) {
  const message = `${name} must be a whole number from ${min} to ${max}.`;
  return z
    .string()
    .regex(/^\d{1,8}$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message));
}

const querySchema = z
  .object({
    q: z.string().default(""),
    limit: wholeNumber("limit", 1, MAX_PAGE_SIZE).default(MAX_PAGE_SIZE),
    offset: wholeNumber("offset", 0, MAX_OFFSET).default(0),
    category: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "category must be a category's slug.")
      .max(100, "category must be a category's slug.")
      .optional(),
    sort: z
      .enum(searchSorts, { error: `sort must be one of ${searchSorts.join(", ")}.` })
      .optional(),
    minPrice: wholeNumber("minPrice", 0, MAX_PRICE_PENCE).optional(),
    maxPrice: wholeNumber("maxPrice", 0, MAX_PRICE_PENCE).optional(),
    inStock: z
      .enum(["true", "false"], { error: "inStock must be true or false." })
      .transform((value) => value === "true")
      .optional(),
  })
  .refine(
    (query) =>
      query.minPrice === undefined ||
      query.maxPrice === undefined ||
      query.minPrice <= query.maxPrice,
    { message: "minPrice must not be above maxPrice." },
  );

/**
 * GET /api/products: one page of products on sale and `total`, how many match. `q` searches
 * (best match first unless `sort` says otherwise), `category` is a category's slug, `minPrice` and
 * `maxPrice` bound the default variant's price in pence, `inStock=true` keeps products with a
 * variant in stock; `sort` is relevance, featured, newest (the default without `q`), price-asc or
 * price-desc; `limit` and `offset` page. `totalIsExact` is false when a search stopped counting
 * (past 1,000 matches, or the end of the page asked for): more than `total` match.
 */
const products = apiRoute({
  methods: ["GET"],
  signedIn: false,
  query: querySchema,
  publicRead: true,
  failure: "Failed to load products",
  handle: async ({ query }) => {
    const db = await getDb();
    if (query.category !== undefined) {
      await getCategory(db, query.category).catch((error: unknown) => {
        throw error instanceof DomainError && error.code === "NOT_FOUND"
          ? new DomainError("BAD_REQUEST", "category is not a category of this shop.")
          : error;
      });
    }
    const found = await findProducts(db, {
      search: query.q,
      categorySlug: query.category,
      minPricePence: query.minPrice,
      maxPricePence: query.maxPrice,
      inStock: query.inStock,
      sort: query.sort ?? (query.q.trim() ? "relevance" : "newest"),
      limit: query.limit,
      offset: query.offset,
    });
    // correctedTo is left out of the JSON when undefined (no typo was corrected).
    return {
      products: found.products.map(toApiProduct),
      total: found.total,
      totalIsExact: found.totalIsExact,
      correctedTo: found.correctedTo,
    };
  },
});

export const loader = products;
export const action = products;
