import { merchantFeedVariants, merchantFeedXml } from "@server/catalog/merchant-feed";
import { getDb } from "@server/db/connection";
import { env } from "@server/env";
import { getShopSettings, pricingOf } from "@server/settings/shop-settings";

// The Google Merchant Center feed (docs/admin.md#google-merchant-center).
export async function loader() {
  const db = await getDb();
  const [settings, variants] = await Promise.all([getShopSettings(db), merchantFeedVariants(db)]);
  const xml = merchantFeedXml(
    { baseUrl: env.BASE_URL, shopName: settings.shopName },
    pricingOf(settings),
    variants,
  );
  // Kept by shared caches as the public pages are (server/http/caching-rules.ts).
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
