import { CATALOGUE_ID } from "@common/catalog/catalog-types";
import { getDb } from "@server/db/connection";
import { apiRoute } from "@server/http/api-route";
import { removeFromWishlist, saveToWishlist } from "@server/wishlist/wishlist-service";
import { z } from "zod";

/**
 * PUT /api/wishlist/:productId saves a product for the signed-in customer, DELETE takes it off;
 * both answer `{ productId, saved }` and may be repeated safely.
 */
const wishlistItem = apiRoute({
  methods: ["PUT", "DELETE"],
  signedIn: true,
  params: z.object({ productId: z.string().regex(CATALOGUE_ID) }),
  notFound: "Product not found.",
  failure: "The wishlist could not be updated.",
  handle: async ({ method, user, params }) => {
    const db = await getDb();
    if (method === "PUT") await saveToWishlist(db, user.id, params.productId);
    else await removeFromWishlist(db, user.id, params.productId);
    return { productId: params.productId, saved: method === "PUT" };
  },
});

export const loader = wishlistItem;
export const action = wishlistItem;
