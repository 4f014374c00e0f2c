import { describe, expect, it } from "vitest";
import { hasControlCharacters, looksLikeLinkOrMarkup } from "./text-rules";

describe("hasControlCharacters", () => {
  it("finds NUL and other control characters", () => {
    for (const text of ["A\u0000", "\u0007bell", "a\u2028b", "\u009b"]) {
      expect(hasControlCharacters(text), JSON.stringify(text)).toBe(true);
    }
    expect(hasControlCharacters("Ada Lovelace")).toBe(false);
  });

  it("lets multi-line fields keep their line breaks and tabs", () => {
    expect(hasControlCharacters("1 High St\r\nLondon\tN1", { multiline: true })).toBe(false);
    expect(hasControlCharacters("1 High St\nLondon")).toBe(true);
    expect(hasControlCharacters("1 High St\u0000", { multiline: true })).toBe(true);
  });
});

describe("looksLikeLinkOrMarkup", () => {
  it("refuses links, addresses and markup", () => {
    for (const text of [
      "<b>Ada</b>",
      "Ada > Bob",
      "https://evil.example",
      "visit www.evil.test",
      "win at evil.com",
      "ada@example.com",
      "a/b",
    ]) {
      expect(looksLikeLinkOrMarkup(text), text).toBe(true);
    }
  });

  it("accepts real names", () => {
    for (const text of [
      "Ada Lovelace",
      "Seán O'Brien",
      "Anne-Marie d'Arc",
      "J. R. R. Tolkien",
      "Zoë Ng",
    ]) {
      expect(looksLikeLinkOrMarkup(text), text).toBe(false);
    }
  });
});
