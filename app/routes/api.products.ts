import { toApiProduct } from "@server/catalog/catalog-api";
import { findProducts } from "@server/catalog/catalog-service";
import { getDb } from "@server/db/connection";
import { jsonError, jsonWithETag, methodNotAllowed } from "@server/http/json-response";
import { z } from "zod";
import type { Route } from "./+types/api.products";

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
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const parsed = querySchema.safeParse({
    q: params.get("q") ?? undefined,
    limit: params.get("limit") ?? undefined,
    offset: params.get("offset") ?? undefined,
  });
  if (!parsed.success) {
    return jsonError(400, parsed.error.issues[0]?.message ?? "Bad request.");
  }
  const { q, limit, offset } = parsed.data;
  const products = await findProducts(await getDb(), { search: q, limit, offset });
  return jsonWithETag(request, { products: products.map(toApiProduct) });
}

export const action = () => methodNotAllowed();
