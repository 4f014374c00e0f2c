import type { Viewer } from "../../common/auth/viewer";
import { GUEST } from "../../common/auth/viewer";
import type { Database } from "../db/database";
import { wishlistProductIds } from "../wishlist/wishlist-service";
import { getSessionUser } from "./session";

/** The visitor's personal state for GET /api/me: a guest costs no database query. */
export async function viewerOf(db: Database, request: Request): Promise<Viewer> {
  const user = await getSessionUser(request);
  if (!user) return GUEST;
  return { signedIn: true, wishlist: await wishlistProductIds(db, user.id) };
}
