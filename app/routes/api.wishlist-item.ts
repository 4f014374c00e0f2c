import { requireApiUser } from "@server/auth/guards";
import { getDb } from "@server/db/connection";
import { answerApi } from "@server/http/api-errors";
import { jsonError, methodNotAllowed } from "@server/http/json-response";
import { removeFromWishlist, saveToWishlist } from "@server/wishlist/wishlist-service";
import { z } from "zod";
import type { Route } from "./+types/api.wishlist-item";

const ALLOW = "PUT, DELETE";
const productId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/**
 * PUT /api/wishlist/:productId saves a product for the signed-in customer, DELETE takes it off;
 * both answer `{ productId, saved }` and may be repeated safely.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const method = request.method.toUpperCase();
  if (method !== "PUT" && method !== "DELETE") return methodNotAllowed(ALLOW);
  const user = await requireApiUser(request);
  const parsed = productId.safeParse(params.productId);
  if (!parsed.success) return jsonError(404, "Product not found.");
  return answerApi("The wishlist could not be updated.", async () => {
    const db = await getDb();
    if (method === "PUT") await saveToWishlist(db, user.id, parsed.data);
    else await removeFromWishlist(db, user.id, parsed.data);
    return Response.json(
      { productId: parsed.data, saved: method === "PUT" },
      { headers: { "Cache-Control": "no-store" } },
    );
  });
}

export const loader = () => methodNotAllowed(ALLOW);
