import { hasControlCharacters } from "@common/text-rules";
import { getDb } from "@server/db/connection";
import { apiRoute } from "@server/http/api-route";
import {
  controlCharactersRefused,
  jsonHasControlCharacters,
} from "@server/http/control-characters";
import { fieldSentTwice } from "@server/http/form-request";
import { bodyKeyNamedTwice } from "@server/http/json-request";
import { unsubscribe } from "@server/newsletter/subscriptions";
import { z } from "zod";

/**
 * POST /api/newsletter/unsubscribe?token=… (docs/api.md): the one-click unsubscribe of RFC 8058,
 * the address in every marketing email's List-Unsubscribe header. A mail app posts it with no
 * cookie and from no page of the shop (the origin gate lets this path through: the token is the
 * authority, and it can only take its own address off the list). 200 `{ ok: true }`, again and
 * again; 404 for a token the list does not hold.
 */
/** A control character in the body as sent, or in a JSON body's strings once decoded. */
function bodyHasControlCharacters(body: string): boolean {
  if (hasControlCharacters(body, { multiline: true })) return true;
  try {
    return jsonHasControlCharacters(JSON.parse(body));
  } catch {
    return false;
  }
}

const oneClick = apiRoute({
  methods: ["POST"],
  signedIn: false,
  query: z.object({ token: z.string().max(100).optional() }),
  failure: "We could not unsubscribe you. Please try again.",
  handle: async ({ query, request }) => {
    // The body says only "List-Unsubscribe=One-Click", and is not needed; it is still held to the
    // shop's rules for every body (server/http/control-characters.ts, and no field named twice).
    const body = await request.text();
    if (bodyHasControlCharacters(body)) throw controlCharactersRefused();
    const twice = bodyKeyNamedTwice(body);
    if (twice !== null) throw fieldSentTwice(twice);
    const done = query.token ? await unsubscribe(await getDb(), query.token) : null;
    if (!done) return Response.json({ error: "This link is not valid." }, { status: 404 });
    return { ok: true };
  },
});

export const loader = oneClick;
export const action = oneClick;
