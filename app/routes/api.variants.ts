import { CATALOGUE_ID } from "@common/catalog/catalog-types";
import { getCurrentVariants, MAX_CART_LINES } from "@server/cart/cart-service";
import { getDb } from "@server/db/connection";
import { apiRoute } from "@server/http/api-route";
import { z } from "zod";

const BAD_IDS = `ids must list 1 to ${MAX_CART_LINES} variant ids, separated by commas.`;

const idsSchema = z
  .string()
  .transform((value) => value.split(",").filter(Boolean))
  .pipe(
    z.array(z.string().regex(CATALOGUE_ID, BAD_IDS)).min(1, BAD_IDS).max(MAX_CART_LINES, BAD_IDS),
  );

/** GET /api/variants?ids=a,b: current price and stock of the cart's variants, for its re-check. */
const variants = apiRoute({
  methods: ["GET"],
  signedIn: false,
  query: z.object({ ids: idsSchema.prefault("") }),
  publicRead: true,
  failure: "Failed to load the cart's products",
  handle: async ({ query }) => ({
    variants: await getCurrentVariants(await getDb(), query.ids),
  }),
});

export const loader = variants;
export const action = variants;
