import { CATALOGUE_ID } from "@common/catalog/catalog-types";
import { toApiProduct } from "@server/catalog/catalog-api";
import { getProduct } from "@server/catalog/catalog-service";
import { getDb } from "@server/db/connection";
import { apiRoute } from "@server/http/api-route";
import { z } from "zod";

/** GET /api/products/:id: one product on sale with all its variants. */
const product = apiRoute({
  methods: ["GET"],
  signedIn: false,
  params: z.object({ id: z.string().regex(CATALOGUE_ID) }),
  notFound: "Product not found.",
  publicRead: true,
  failure: "Failed to load product",
  handle: async ({ params }) => ({
    product: toApiProduct(await getProduct(await getDb(), params.id)),
  }),
});

export const loader = product;
export const action = product;
