import { describe, expect, it } from "vitest";
import { inertCell } from "./orders-csv";

describe("a CSV cell a spreadsheet will not run", () => {
  it("puts an apostrophe before what a spreadsheet would take for a formula", () => {
    for (const text of ['=HYPERLINK("x")', "+1", "-2+3", "@SUM(A1)", "\tx", "\rx"]) {
      expect(inertCell(text)).toBe(`'${text}`);
    }
  });
  it("leaves ordinary text alone", () => {
    for (const text of [
      "Ada Lovelace",
      "ada@example.com",
      "1 High St = home",
      "07700 900123",
      "",
    ]) {
      expect(inertCell(text)).toBe(text);
    }
  });
});
