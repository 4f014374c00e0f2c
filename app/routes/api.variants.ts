import { getCurrentVariants, MAX_CART_LINES } from "@server/cart/cart-service";
import { getDb } from "@server/db/connection";
import { jsonError, jsonWithETag, methodNotAllowed } from "@server/http/json-response";
import { z } from "zod";
import type { Route } from "./+types/api.variants";

const BAD_IDS = `ids must list 1 to ${MAX_CART_LINES} variant ids, separated by commas.`;

const idsSchema = z
  .string()
  .transform((value) => value.split(",").filter(Boolean))
  .pipe(
    z
      .array(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, BAD_IDS))
      .min(1, BAD_IDS)
      .max(MAX_CART_LINES, BAD_IDS),
  );

/** GET /api/variants?ids=a,b: current price and stock of the cart's variants, for its re-check. */
export async function loader({ request }: Route.LoaderArgs) {
  const parsed = idsSchema.safeParse(new URL(request.url).searchParams.get("ids") ?? "");
  if (!parsed.success) return jsonError(400, BAD_IDS);
  const variants = await getCurrentVariants(await getDb(), parsed.data);
  return jsonWithETag(request, { variants });
}

export const action = () => methodNotAllowed();
