import { getSessionUser } from "@server/auth/session";
import { getDb } from "@server/db/connection";
import { DomainError } from "@server/errors";
import { apiRoute } from "@server/http/api-route";
import { askForStockAlert } from "@server/stock-alerts/stock-alerts";
import { z } from "zod";

/**
 * POST /api/stock-alerts (docs/api.md): `{ variantId, email }` in, `{ email }` out: the address is
 * emailed once when the sold-out variant is back. A signed-in customer's own address is used and
 * `email` may be left out (one click). 409 when it is in stock, 404 when gone, 429 past the asks
 * allowed from one client.
 */
const stockAlerts = apiRoute({
  methods: ["POST"],
  signedIn: false,
  body: z.object({
    variantId: z.string().min(1).max(100),
    email: z.email("Please enter a valid email address.").max(254).optional(),
  }),
  failure: "We could not keep your address. Please try again.",
  handle: async ({ request, body, clientAddress }) => {
    const user = await getSessionUser(request);
    const email = user?.email ?? body.email;
    if (!email) throw new DomainError("BAD_REQUEST", "Please enter a valid email address.");
    return askForStockAlert(await getDb(), {
      variantId: body.variantId,
      email,
      userId: user?.id ?? null,
      clientAddress,
    });
  },
});

export const loader = stockAlerts;
export const action = stockAlerts;
