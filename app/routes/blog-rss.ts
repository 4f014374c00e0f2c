import { buildBlogRss } from "@server/content/blog-feed";
import { publishedPosts } from "@server/content/blog-posts";
import { getDb } from "@server/db/connection";
import { env } from "@server/env";
import { getShopSettings } from "@server/settings/shop-settings";

// /blog/rss.xml: the blog's feed (docs/admin.md#blog), purged with the blog when a post changes.
export async function loader() {
  const [posts, settings] = await Promise.all([publishedPosts(await getDb()), getShopSettings()]);
  const xml = buildBlogRss({ shopName: settings.shopName, baseUrl: env.BASE_URL }, posts);
  // Kept by shared caches as the public pages are (server/http/caching-rules.ts).
  return new Response(xml, { headers: { "Content-Type": "application/rss+xml; charset=utf-8" } });
}
