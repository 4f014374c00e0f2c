import { getDb } from "@server/db/connection";
import { apiRoute } from "@server/http/api-route";
import { unsubscribe } from "@server/newsletter/subscriptions";
import { z } from "zod";

/**
 * POST /api/newsletter/unsubscribe?token=… (docs/api.md): the one-click unsubscribe of RFC 8058,
 * the address in every marketing email's List-Unsubscribe header. A mail app posts it with no
 * cookie and from no page of the shop (the origin gate lets this path through: the token is the
 * authority, and it can only take its own address off the list). 200 `{ ok: true }`, again and
 * again; 404 for a token the list does not hold.
 */
const oneClick = apiRoute({
  methods: ["POST"],
  signedIn: false,
  query: z.object({ token: z.string().min(1).max(100) }),
  failure: "We could not unsubscribe you. Please try again.",
  handle: async ({ query }) => {
    const done = await unsubscribe(await getDb(), query.token);
    if (!done) return Response.json({ error: "This link is not valid." }, { status: 404 });
    return { ok: true };
  },
});

export const loader = oneClick;
export const action = oneClick;
