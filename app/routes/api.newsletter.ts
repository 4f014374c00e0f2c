import { getDb } from "@server/db/connection";
import { apiRoute } from "@server/http/api-route";
import { signUp } from "@server/newsletter/subscriptions";
import { emailBrand } from "@server/settings/shop-settings";
import { z } from "zod";

/**
 * POST /api/newsletter (docs/api.md): `{ email, page }` in, `{ ok: true }` out, whatever the list
 * already held (it never says who subscribes); 400 for an address that is not one, 429 past the
 * sign-ups allowed from one client. The address gets the confirmation link (double opt-in).
 */
const newsletter = apiRoute({
  methods: ["POST"],
  signedIn: false,
  body: z.object({
    email: z.email("Please enter a valid email address.").max(254),
    // The shop's own path the form was on, kept as part of the consent.
    page: z
      .string()
      .max(300)
      .regex(/^\/[^\s]*$/)
      .catch("/"),
  }),
  failure: "We could not sign you up. Please try again.",
  handle: async ({ body, clientAddress }) => {
    const db = await getDb();
    await signUp(db, await emailBrand(db), {
      email: body.email,
      sourcePage: body.page,
      clientAddress,
    });
    return { ok: true };
  },
});

export const loader = newsletter;
export const action = newsletter;
