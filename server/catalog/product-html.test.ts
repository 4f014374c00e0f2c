import { describe, expect, it } from "vitest";
import {
  productExcerpt,
  productHtmlToText,
  renderProductDescription,
  sanitizeProductHtml,
} from "./product-html";

describe("sanitizeProductHtml", () => {
  it("keeps the formatting allowlist", () => {
    const html = "<p>Bright <strong>smiles</strong></p><ul><li>One</li></ul><h3>Use</h3>";
    expect(sanitizeProductHtml(html)).toBe(html);
  });

  it("removes scripts, event handlers, styles and images", () => {
    const dirty =
      '<p onclick="steal()">Hi<script>alert(1)</script></p><img src=x onerror=alert(1)><style>p{}</style><iframe src="//evil"></iframe>';
    const clean = sanitizeProductHtml(dirty);
    expect(clean).toBe("<p>Hi</p>");
  });

  it("drops javascript: links and marks external links", () => {
    expect(sanitizeProductHtml('<a href="javascript:alert(1)">x</a>')).not.toContain("javascript");
    expect(sanitizeProductHtml('<a href="https://example.com">x</a>')).toBe(
      '<a href="https://example.com" rel="noopener noreferrer nofollow">x</a>',
    );
  });
});

describe("productHtmlToText", () => {
  it("gives readable plain text with spaces between blocks and decoded entities", () => {
    expect(productHtmlToText("<p>Tea &amp; coffee</p><ul><li>One</li><li>Two</li></ul>")).toBe(
      "Tea & coffee One Two",
    );
  });
});

describe("productExcerpt", () => {
  it("takes the first paragraph", () => {
    expect(productExcerpt("<p>First <em>one</em>.</p><p>Second.</p>")).toBe("First one.");
  });

  it("cuts a long first paragraph at a word", () => {
    const excerpt = productExcerpt(`<p>${"lorem ".repeat(60)}</p>`);
    expect(excerpt.length).toBeLessThanOrEqual(180);
    expect(excerpt.endsWith("…")).toBe(true);
  });
});

describe("renderProductDescription", () => {
  it("sanitises on read and returns the same result for the same input", () => {
    const first = renderProductDescription("<p>Safe<script>x</script></p>");
    expect(first).toEqual({ html: "<p>Safe</p>", text: "Safe", excerpt: "Safe", summary: "Safe" });
    expect(renderProductDescription("<p>Safe<script>x</script></p>")).toBe(first);
  });

  it("cuts the summary for meta tags at a word, within 160 characters", () => {
    const long = `<p>${"Gentle whitening for sensitive teeth. ".repeat(8)}</p>`;
    const { text, summary } = renderProductDescription(long);
    expect(text.length).toBeGreaterThan(160);
    expect(summary.length).toBeLessThanOrEqual(160);
    expect(summary).toMatch(/^Gentle whitening for sensitive teeth\. .*…$/);
    expect(text.startsWith(summary.slice(0, -1))).toBe(true);
  });
});
