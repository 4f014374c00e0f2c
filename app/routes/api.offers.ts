import { getDb } from "@server/db/connection";
import { offersOnSale } from "@server/discounts/offers";
import { apiRoute } from "@server/http/api-route";
import { z } from "zod";

/** GET /api/offers: the automatic offers on sale now, for the cart (docs/api.md). */
const offers = apiRoute({
  methods: ["GET"],
  signedIn: false,
  query: z.object({}),
  publicRead: true,
  failure: "Failed to load the offers",
  handle: async () => ({ offers: await offersOnSale(await getDb()) }),
});

export const loader = offers;
export const action = offers;
