import { describe, expect, it } from "vitest";
import { truncateAtWord } from "./truncate";

describe("truncateAtWord", () => {
  it("leaves short text alone, collapsing whitespace", () => {
    expect(truncateAtWord("  Bright \n smiles  ", 160)).toBe("Bright smiles");
  });

  it("cuts at a word boundary and adds an ellipsis within the limit", () => {
    const text = "word ".repeat(60);
    const cut = truncateAtWord(text, 160);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith("word…")).toBe(true);
  });

  it("drops trailing punctuation before the ellipsis", () => {
    expect(truncateAtWord("Enamel-safe, gentle, quick. And more words here", 30)).toBe(
      "Enamel-safe, gentle, quick…",
    );
  });

  it("cuts inside a very long word when there is no space to cut at", () => {
    const cut = truncateAtWord("a".repeat(300), 160);
    expect(cut).toHaveLength(160);
  });

  it("keeps text of exactly the limit whole", () => {
    const text = "x".repeat(160);
    expect(truncateAtWord(text, 160)).toBe(text);
  });
});
