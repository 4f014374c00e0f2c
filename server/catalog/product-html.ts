import sanitizeHtml from "sanitize-html";
import { truncateForMeta } from "../../common/seo";
import { truncateAtWord } from "../../common/truncate";

// Product descriptions are HTML written by admins. They are cleaned on write and again on render,
// to a small allowlist: text formatting, lists, headings and links (no scripts, styles or images).

const allowedTags = [
  "p",
  "br",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "ul",
  "ol",
  "li",
  "h3",
  "h4",
  "blockquote",
  "a",
];

const options: sanitizeHtml.IOptions = {
  allowedTags,
  allowedAttributes: { a: ["href", "title", "rel"] },
  allowedSchemes: ["https", "http", "mailto"],
  transformTags: {
    // External links open safely; the shop cannot vouch for them.
    a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer nofollow" }),
  },
  disallowedTagsMode: "discard",
};

export function sanitizeProductHtml(html: string): string {
  return sanitizeHtml(html, options).trim();
}

/**
 * Plain text of a description (or a page's or post's HTML), whitespace collapsed: for meta tags,
 * search snippets and feeds.
 */
export function productHtmlToText(html: string): string {
  const text = sanitizeHtml(html.replace(/<\/(p|li|h2|h3|h4|blockquote)>|<br\s*\/?>/gi, "$& "), {
    allowedTags: [],
    allowedAttributes: {},
  });
  return decodeEntities(text).replace(/\s+/g, " ").trim();
}

const EXCERPT_MAX = 180;

/** The first paragraph as plain text, cut at a word boundary, for cards and teasers. */
export function productExcerpt(html: string): string {
  const firstParagraph = /<p[^>]*>([\s\S]*?)<\/p>/i.exec(html)?.[1] ?? html;
  return truncateAtWord(productHtmlToText(firstParagraph), EXCERPT_MAX);
}

export type RenderedDescription = {
  html: string;
  text: string;
  excerpt: string;
  /** The text cut for meta tags and structured data (truncateForMeta): the product page's summary. */
  summary: string;
};

const RENDER_CACHE_SIZE = 500;
const renderCache = new Map<string, RenderedDescription>();

/**
 * A stored description made safe for the page (sanitised again on read), with its plain text,
 * excerpt and summary. The result depends only on the input, so it is memoised: descriptions rarely change and
 * sanitising on every page view was a large share of the page's cost.
 */
export function renderProductDescription(stored: string): RenderedDescription {
  const cached = renderCache.get(stored);
  if (cached) return cached;
  const html = sanitizeProductHtml(stored);
  const text = productHtmlToText(html);
  const rendered = { html, text, excerpt: productExcerpt(html), summary: truncateForMeta(text) };
  if (renderCache.size >= RENDER_CACHE_SIZE) {
    const oldest = renderCache.keys().next().value;
    if (oldest !== undefined) renderCache.delete(oldest);
  }
  renderCache.set(stored, rendered);
  return rendered;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, "&");
}
