import { absoluteUrl } from "@common/seo";
import { escapeXml } from "@common/xml";

export type SitemapEntry = { path: string; lastModified?: Date };

/** A sitemaps.org urlset with absolute URLs. */
export function buildSitemapXml(baseUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastModified
      ? `<lastmod>${entry.lastModified.toISOString().slice(0, 10)}</lastmod>`
      : "";
    return `<url><loc>${escapeXml(absoluteUrl(baseUrl, entry.path))}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

export function buildRobotsTxt(baseUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /dashboard",
    "Disallow: /checkout",
    "Disallow: /api/",
    "",
    `Sitemap: ${absoluteUrl(baseUrl, "/sitemap.xml")}`,
    "",
  ].join("\n");
}
