import { normalizeSearchText } from "@common/catalog/search-text";
import { productsCsvStream } from "@server/catalog/product-export";
import { getDb } from "@server/db/connection";
import { env } from "@server/env";
import { abortConnectionContext } from "@server/http/load-context";
import { currentLogFields, logger } from "@server/logger";
import { getShopSettings } from "@server/settings/shop-settings";
import { z } from "zod";
import type { Route } from "./+types/dashboard.admin-products-export";

// /dashboard/admin-products/export: the catalogue as Shopify's product CSV, streamed (behind the
// admin's guard, dashboard.admin: its middleware runs for this resource route too): every
// product, those matching the list's search (?q=), or those chosen (?id=, repeated).

const querySchema = z.object({
  q: z.string().max(200).default("").transform(normalizeSearchText).catch(""),
  id: z.array(z.string().min(1).max(100)).max(1000).catch([]),
});

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = querySchema.parse({
    q: url.searchParams.get("q") ?? undefined,
    id: url.searchParams.getAll("id"),
  });
  const db = await getDb();
  const settings = await getShopSettings(db);
  const day = new Date().toISOString().slice(0, 10);
  // The request's fields now: the stream is read later, outside this request's own log context.
  const log = logger.child(currentLogFields());
  const abortConnection = context.get(abortConnectionContext);
  const csv = productsCsvStream(db, {
    filter: { search: query.q, ids: query.id },
    vendor: settings.shopName,
    baseUrl: env.BASE_URL,
    onFailure: (error) => {
      log.error({ err: error, path: url.pathname }, "the products export failed while it was sent");
      abortConnection();
    },
  });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="products-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
