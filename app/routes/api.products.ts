import { toApiProduct } from "@server/catalog/catalog-api";
import { findProducts } from "@server/catalog/catalog-service";
import { getDb } from "@server/db/connection";
import { apiRoute } from "@server/http/api-route";
import { z } from "zod";

export const MAX_PAGE_SIZE = 100;
const MAX_OFFSET = 1_000_000;

function wholeNumber(name: string, min: number, max: number) {
  const message = `${name} must be a whole number from ${min} to ${max}.`;
  return z
    .string()
    .regex(/^\d{1,7}$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message));
}

const querySchema = z.object({
  q: z.string().default(""),
  limit: wholeNumber("limit", 1, MAX_PAGE_SIZE).default(MAX_PAGE_SIZE),
  offset: wholeNumber("offset", 0, MAX_OFFSET).default(0),
});

/** GET /api/products: products on sale, newest first, with `q` search and `limit`/`offset` paging. */
const products = apiRoute({
  methods: ["GET"],
  signedIn: false,
  query: querySchema,
  publicRead: true,
  failure: "Failed to load products",
  handle: async ({ query }) => {
    const found = await findProducts(await getDb(), {
      search: query.q,
      limit: query.limit,
      offset: query.offset,
    });
    return { products: found.map(toApiProduct) };
  },
});

export const loader = products;
export const action = products;
