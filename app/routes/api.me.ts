import { signedInCookieAgreeing } from "@server/auth/signed-in-cookie";
import { viewerOf } from "@server/auth/viewer";
import { getDb } from "@server/db/connection";
import { apiRoute } from "@server/http/api-route";

/**
 * GET /api/me: what is personal on a public page (whether the visitor is signed in, the products
 * they saved), asked for by the browser once per page load while the signed-in cookie says there
 * is a session (common/auth/viewer.ts). Public pages are the same for everyone and are served from the
 * page cache; this answer is never stored. It also puts the signed-in cookie right when it
 * disagrees with the session found.
 */
const me = apiRoute({
  methods: ["GET"],
  signedIn: false,
  failure: "Your account could not be loaded.",
  handle: async ({ request }) => {
    const viewer = await viewerOf(await getDb(), request);
    const agreeing = signedInCookieAgreeing(request, viewer.signedIn);
    return agreeing ? Response.json(viewer, { headers: { "Set-Cookie": agreeing } }) : viewer;
  },
});

export const loader = me;
export const action = me;
