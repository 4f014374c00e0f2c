import { describe, expect, it } from "vitest";
import { MAX_SEARCH_LENGTH, normalizeSearchText } from "./search-text";

describe("normalizeSearchText", () => {
  it("trims and collapses whitespace", () => {
    expect(normalizeSearchText("  whitening   strips \n")).toBe("whitening strips");
  });

  it("drops control characters", () => {
    expect(normalizeSearchText("pen\u0000\u0007cil")).toBe("pen cil");
  });

  it("cuts a long query instead of refusing it", () => {
    const long = "a".repeat(5000);
    expect(normalizeSearchText(long)).toHaveLength(MAX_SEARCH_LENGTH);
  });

  it("keeps punctuation and wildcards as text", () => {
    expect(normalizeSearchText("100% _white_")).toBe("100% _white_");
  });
});
