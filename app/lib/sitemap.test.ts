import { describe, expect, it } from "vitest";
import { xmlProblems } from "../../tests/strict-xml";
import { buildRobotsTxt, buildSitemapXml } from "./sitemap";

describe("buildSitemapXml", () => {
  it("lists absolute URLs with their last change", () => {
    const xml = buildSitemapXml("https://shop.example", [
      { path: "/" },
      { path: "/product/prod1", lastModified: new Date("2026-04-06T09:00:00Z") },
    ]);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain("<url><loc>https://shop.example/</loc></url>");
    expect(xml).toContain(
      "<url><loc>https://shop.example/product/prod1</loc><lastmod>2026-04-06</lastmod></url>",
    );
  });

  it("escapes XML special characters", () => {
    const xml = buildSitemapXml("https://shop.example", [{ path: "/search?q=a&b" }]);
    expect(xml).toContain("<loc>https://shop.example/search?q=a&amp;b</loc>");
  });

  it("stays valid XML whatever a path holds", () => {
    const xml = buildSitemapXml("https://shop.example", [
      { path: "/blog/odd\uFFFE" },
      { path: "/" },
    ]);
    expect(xmlProblems(xml)).toEqual([]);
  });
});

describe("buildRobotsTxt", () => {
  it("allows crawling and points at the sitemap", () => {
    const robots = buildRobotsTxt("https://shop.example");
    expect(robots).toMatch(/^User-agent: \*\nAllow: \//);
    expect(robots).toContain("Sitemap: https://shop.example/sitemap.xml");
  });
});
