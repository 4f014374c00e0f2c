import { toApiProduct } from "@server/catalog/catalog-api";
import { getProduct } from "@server/catalog/catalog-service";
import { getDb } from "@server/db/connection";
import { DomainError, httpStatusFor } from "@server/errors";
import { jsonError, jsonWithETag, methodNotAllowed } from "@server/http/json-response";
import { z } from "zod";
import type { Route } from "./+types/api.product";

const paramsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
const NOT_FOUND = "Product not found.";

/** GET /api/products/:id: one product on sale with all its variants. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const parsed = paramsSchema.safeParse(params);
  if (!parsed.success) return jsonError(404, NOT_FOUND);
  try {
    const product = await getProduct(await getDb(), parsed.data.id);
    return jsonWithETag(request, { product: toApiProduct(product) });
  } catch (error) {
    if (error instanceof DomainError) return jsonError(httpStatusFor(error.code), error.message);
    throw error;
  }
}

export const action = () => methodNotAllowed();
