import { listProductsForSitemap } from "@server/catalog/catalog-service";
import { listCategories } from "@server/catalog/categories";
import { publishedPosts } from "@server/content/blog-posts";
import { getDb } from "@server/db/connection";
import { env } from "@server/env";
import { staticPagePaths } from "~/lib/site-navigation";
import { buildSitemapXml } from "~/lib/sitemap";

export async function loader() {
  const db = await getDb();
  const [products, categories, posts] = await Promise.all([
    listProductsForSitemap(db),
    listCategories(db),
    publishedPosts(db),
  ]);
  const xml = buildSitemapXml(env.BASE_URL, [
    ...staticPagePaths.map((path) => ({ path })),
    ...categories.map((category) => ({ path: `/store/${category.slug}` })),
    ...products.map((product) => ({
      path: `/product/${product.id}`,
      lastModified: product.updatedAt,
    })),
    ...posts.map((post) => ({ path: `/blog/${post.slug}`, lastModified: post.updatedAt })),
  ]);
  // Kept by shared caches as the public pages are (server/http/caching-rules.ts).
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
