import { describe, expect, it } from "vitest";
import { xmlProblems } from "../../tests/strict-xml";
import { buildBlogRss } from "./blog-feed";

const post = {
  id: "p1",
  slug: "tea-&-teeth",
  title: "Tea <and> teeth",
  excerpt: "Rinse & smile",
  coverImageUrl: "/images/blog/whitening-myths.svg",
  coverImageAlt: "A tooth",
  publishedAt: new Date("2026-11-02T09:00:00Z"),
  updatedAt: new Date("2026-11-02T09:00:00Z"),
  readMinutes: 2,
};

describe("buildBlogRss", () => {
  it("lists each post with an absolute link, its date and escaped text", () => {
    const xml = buildBlogRss({ shopName: "Gleam", baseUrl: "https://shop.example" }, [post]);
    expect(xml).toContain("<title>Tea &lt;and&gt; teeth</title>");
    expect(xml).toContain("<link>https://shop.example/blog/tea-&amp;-teeth</link>");
    expect(xml).toContain("<pubDate>Mon, 02 Nov 2026 09:00:00 GMT</pubDate>");
    expect(xml).toContain("<description>Rinse &amp; smile</description>");
    expect(xml).toContain('<atom:link href="https://shop.example/blog/rss.xml" rel="self"');
  });

  it("is a valid empty channel without posts", () => {
    const xml = buildBlogRss({ shopName: "Gleam", baseUrl: "https://shop.example" }, []);
    expect(xml).not.toContain("<item>");
    expect(xml).toContain("</channel>");
  });

  it("stays valid XML whatever a post's title holds", () => {
    const odd = { ...post, title: "Tea\uFFFE time\u0001", excerpt: "Rinse\uFFFF" };
    const xml = buildBlogRss({ shopName: "Gleam\uFFFE", baseUrl: "https://shop.example" }, [odd]);
    expect(xml).toContain("<title>Tea time</title>");
    expect(xmlProblems(xml)).toEqual([]);
  });
});
