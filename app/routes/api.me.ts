import { viewerOf } from "@server/auth/viewer";
import { getDb } from "@server/db/connection";
import { apiRoute } from "@server/http/api-route";

/**
 * GET /api/me: what is personal on a public page (whether the visitor is signed in, the products
 * they saved), asked for by the browser once per page load. Public pages are the same for
 * everyone and are served from the page cache; this answer is never stored.
 */
const me = apiRoute({
  methods: ["GET"],
  signedIn: false,
  failure: "Your account could not be loaded.",
  handle: async ({ request }) => viewerOf(await getDb(), request),
});

export const loader = me;
export const action = me;
