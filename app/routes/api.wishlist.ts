import { requireApiUser } from "@server/auth/guards";
import { getDb } from "@server/db/connection";
import { methodNotAllowed } from "@server/http/json-response";
import { wishlistProductIds } from "@server/wishlist/wishlist-service";
import type { Route } from "./+types/api.wishlist";

/** GET /api/wishlist: the ids of the products the signed-in customer saved, newest first. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireApiUser(request);
  const productIds = await wishlistProductIds(await getDb(), user.id);
  return Response.json({ productIds }, { headers: { "Cache-Control": "no-store" } });
}

export const action = () => methodNotAllowed();
