import { googleMerchantFeed } from "@server/catalog/merchant-feed";
import { getDb } from "@server/db/connection";
import { env } from "@server/env";

// The Google Merchant Center feed (docs/admin.md#google-merchant-center).
export async function loader() {
  const xml = await googleMerchantFeed(await getDb(), env.BASE_URL);
  // Kept by shared caches as the public pages are (server/http/caching-rules.ts).
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
