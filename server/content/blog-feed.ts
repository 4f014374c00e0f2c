import { absoluteUrl } from "../../common/seo";
import { escapeXml } from "../../common/xml";
import type { BlogPostCard } from "./blog-posts";

// The blog's RSS 2.0 feed (/blog/rss.xml): the newest published posts, each with its excerpt, for
// feed readers and the newsletter tools that read one.

const FEED_POSTS = 20;

export function buildBlogRss(
  site: { shopName: string; baseUrl: string },
  posts: readonly BlogPostCard[],
): string {
  const blogUrl = absoluteUrl(site.baseUrl, "/blog");
  const feedUrl = absoluteUrl(site.baseUrl, "/blog/rss.xml");
  const shown = posts.slice(0, FEED_POSTS);
  const items = shown.map((post) => {
    const link = absoluteUrl(site.baseUrl, `/blog/${post.slug}`);
    return [
      "<item>",
      `<title>${escapeXml(post.title)}</title>`,
      `<link>${escapeXml(link)}</link>`,
      `<guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `<pubDate>${post.publishedAt.toUTCString()}</pubDate>`,
      `<description>${escapeXml(post.excerpt)}</description>`,
      "</item>",
    ].join("");
  });
  const newest = shown[0]?.publishedAt;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "<channel>",
    `<title>${escapeXml(`${site.shopName} Smile Journal`)}</title>`,
    `<link>${escapeXml(blogUrl)}</link>`,
    `<atom:link href="${escapeXml(feedUrl)}" rel="self" type="application/rss+xml"/>`,
    "<description>Practical oral-care advice and the science behind a brighter smile.</description>",
    "<language>en-gb</language>",
    ...(newest ? [`<lastBuildDate>${newest.toUTCString()}</lastBuildDate>`] : []),
    ...items,
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}
