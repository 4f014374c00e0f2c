import { describe, expect, it } from "vitest";
import { MAX_PAGE_NUMBER, pageNumber } from "./page-number";

describe("a list's page number from the URL", () => {
  it("takes a whole number from 1, and reads anything else as page 1", () => {
    expect(pageNumber.parse("3")).toBe(3);
    expect(pageNumber.parse(String(MAX_PAGE_NUMBER))).toBe(MAX_PAGE_NUMBER);
    for (const text of ["1.01", "2.5", "abc", "-3", "0", "1e400", "", null, undefined]) {
      expect(pageNumber.parse(text), String(text)).toBe(1);
    }
    expect(pageNumber.parse(String(MAX_PAGE_NUMBER + 1))).toBe(1);
  });
});
