import { describe, expect, it } from "vitest";
import { imagesIn, sanitizeContentHtml } from "./content-html";

const upload = "/media/0b6a4c1e-1f2a-4b3c-8d4e-5f6a7b8c9d0e/800.webp";

describe("sanitizeContentHtml", () => {
  it("keeps headings, lists, links and the shop's images with their alt text", () => {
    const html = `<h2>Care</h2><ul><li>Rinse</li></ul><p><a href="/faq">FAQ</a></p><img src="${upload}" alt=" A smile ">`;
    expect(sanitizeContentHtml(html)).toBe(
      `<h2>Care</h2><ul><li>Rinse</li></ul><p><a href="/faq">FAQ</a></p><img src="${upload}" alt="A smile" />`,
    );
  });

  it("drops scripts, event attributes, styles and outside images", () => {
    const html = `<p onclick="steal()" style="color:red">Hi<script>alert(1)</script></p><img src="https://evil.example/x.png" alt="x"><img src="data:image/png;base64,AAAA" alt="y"><iframe src="https://evil.example"></iframe>`;
    expect(sanitizeContentHtml(html)).toBe("<p>Hi</p>");
  });

  it("marks outside links nofollow and refuses javascript: links", () => {
    expect(sanitizeContentHtml('<a href="https://nhs.uk" rel="opener">NHS</a>')).toBe(
      '<a href="https://nhs.uk" rel="noopener noreferrer nofollow">NHS</a>',
    );
    expect(sanitizeContentHtml('<a href="javascript:alert(1)">x</a>')).toBe("<a>x</a>");
  });
});

describe("imagesIn", () => {
  it("lists every image with its alt text", () => {
    expect(
      imagesIn(`<p>x</p><img src="${upload}" alt=""><img src="/images/a.svg" alt="A">`),
    ).toEqual([
      { src: upload, alt: "" },
      { src: "/images/a.svg", alt: "A" },
    ]);
  });
});
