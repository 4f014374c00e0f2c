import sanitizeHtml from "sanitize-html";
import { parseMediaUrl } from "../../common/catalog/product-images";

// The HTML of the shop's pages and blog posts, written by staff in the admin's editor. Cleaned on
// save and again on render to a small allowlist: text formatting, headings from h2 (the page's
// title is its h1), lists, quotes, links, and images that are the shop's own (its illustrations
// under /images, or uploads under /media) with their alt text. Nothing else survives: no scripts,
// styles, event attributes, frames or outside images, so the storefront's Content-Security-Policy
// needs no exception for what staff write.

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
  "h2",
  "h3",
  "blockquote",
  "a",
  "img",
];

/** An image the shop serves itself. */
export function isShopImagePath(src: string): boolean {
  return parseMediaUrl(src) !== null || /^\/images\/[a-z0-9/_-]+\.(svg|png|jpe?g|webp)$/i.test(src);
}

/** A link to one of the shop's own pages (a path), or to somewhere else (http, https, mailto). */
function isOutsideLink(href: string): boolean {
  return /^(https?:)?\/\//i.test(href);
}

const options: sanitizeHtml.IOptions = {
  allowedTags,
  allowedAttributes: { a: ["href", "title", "rel"], img: ["src", "alt", "width", "height"] },
  allowedSchemes: ["https", "http", "mailto"],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  transformTags: {
    // Outside links open safely (the shop cannot vouch for them); the shop's own stay followed.
    a: (tagName, attribs) => {
      const href = attribs.href ?? "";
      const { rel: _rel, ...rest } = attribs;
      return {
        tagName,
        attribs: isOutsideLink(href) ? { ...rest, rel: "noopener noreferrer nofollow" } : rest,
      };
    },
    img: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, alt: (attribs.alt ?? "").trim() },
    }),
  },
  // An image that is not the shop's own is dropped whole.
  exclusiveFilter: (frame) => frame.tag === "img" && !isShopImagePath(frame.attribs.src ?? ""),
  disallowedTagsMode: "discard",
};

export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, options).trim();
}

/** The images an HTML text shows, for the check that each is the shop's and has its alt text. */
export function imagesIn(html: string): Array<{ src: string; alt: string }> {
  const found: Array<{ src: string; alt: string }> = [];
  sanitizeHtml(html, {
    allowedTags: ["img"],
    allowedAttributes: { img: ["src", "alt"] },
    allowedSchemesByTag: { img: [] },
    exclusiveFilter: (frame) => {
      if (frame.tag === "img") {
        found.push({ src: frame.attribs.src ?? "", alt: (frame.attribs.alt ?? "").trim() });
      }
      return false;
    },
  });
  return found;
}
