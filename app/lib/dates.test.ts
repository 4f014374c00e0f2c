import { describe, expect, it } from "vitest";
import { formatLongDate, yearInShopTimeZone } from "./dates";

describe("shop dates", () => {
  it("formats a long British date", () => {
    expect(formatLongDate(new Date("2026-11-22T10:00:00Z"))).toBe("22 November 2026");
  });

  it("uses London time, not the server's", () => {
    // 23:30 UTC on 31 May is already 1 June in London (BST).
    expect(formatLongDate(new Date("2026-05-31T23:30:00Z"))).toBe("1 June 2026");
  });

  it("gives the year in London", () => {
    expect(yearInShopTimeZone(new Date("2026-12-31T23:59:00Z"))).toBe(2026);
    expect(yearInShopTimeZone(new Date("2027-06-30T23:30:00Z"))).toBe(2027);
  });

  it("turns the year at London's midnight, asked in any order (the year is kept per hour)", () => {
    const years = [
      "2026-12-31T23:59:59.999Z",
      "2027-01-01T00:00:00.000Z",
      "2026-12-31T23:00:00.000Z",
      "2026-12-31T23:30:00.000Z",
      "2027-01-01T00:59:00.000Z",
    ].map((moment) => yearInShopTimeZone(new Date(moment)));
    expect(years).toEqual([2026, 2027, 2026, 2026, 2027]);
  });
});
