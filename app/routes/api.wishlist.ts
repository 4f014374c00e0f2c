import { getDb } from "@server/db/connection";
import { apiRoute } from "@server/http/api-route";
import { wishlistProductIds } from "@server/wishlist/wishlist-service";

/** GET /api/wishlist: the ids of the products the signed-in customer saved, newest first. */
const wishlist = apiRoute({
  methods: ["GET"],
  signedIn: true,
  failure: "The wishlist could not be loaded.",
  handle: async ({ user }) => ({
    productIds: await wishlistProductIds(await getDb(), user.id),
  }),
});

export const loader = wishlist;
export const action = wishlist;
