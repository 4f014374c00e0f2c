import { describe, expect, it } from "vitest";
import {
  formatLongDate,
  formatShopDay,
  readShopDay,
  shopDate,
  shopDayStart,
  shopLocalMinute,
  shopMomentOf,
} from "./dates";

describe("shop dates", () => {
  it("formats a long British date", () => {
    expect(formatLongDate(new Date("2026-11-22T10:00:00Z"))).toBe("22 November 2026");
  });

  it("uses London time, not the server's", () => {
    // 23:30 UTC on 31 May is already 1 June in London (BST).
    expect(formatLongDate(new Date("2026-05-31T23:30:00Z"))).toBe("1 June 2026");
  });

  it("gives the year and the day in London", () => {
    expect(shopDate(new Date("2026-12-31T23:59:00Z"))).toEqual({
      year: 2026,
      today: "31 December 2026",
    });
    // 23:30 UTC on 30 June is already 1 July in London (BST).
    expect(shopDate(new Date("2027-06-30T23:30:00Z"))).toEqual({
      year: 2027,
      today: "1 July 2027",
    });
  });

  it("turns the date at London's midnight, asked in any order (the date is kept per hour)", () => {
    const dates = [
      "2026-12-31T23:59:59.999Z",
      "2027-01-01T00:00:00.000Z",
      "2026-12-31T23:00:00.000Z",
      "2026-12-31T23:30:00.000Z",
      "2027-01-01T00:59:00.000Z",
      // Summer time: London's midnight is 23:00 UTC.
      "2027-03-31T22:59:00.000Z",
      "2027-03-31T23:00:00.000Z",
    ].map((moment) => shopDate(new Date(moment)));
    expect(dates).toEqual([
      { year: 2026, today: "31 December 2026" },
      { year: 2027, today: "1 January 2027" },
      { year: 2026, today: "31 December 2026" },
      { year: 2026, today: "31 December 2026" },
      { year: 2027, today: "1 January 2027" },
      { year: 2027, today: "31 March 2027" },
      { year: 2027, today: "1 April 2027" },
    ]);
  });
});

describe("days in the shop's forms", () => {
  it("reads a day typed day first, or as a URL carries it", () => {
    expect(readShopDay("27/11/2026")).toBe("2026-11-27");
    expect(readShopDay(" 7/3/2026 ")).toBe("2026-03-07");
    expect(readShopDay("07-03-2026")).toBe("2026-03-07");
    expect(readShopDay("2026-11-27")).toBe("2026-11-27");
  });

  it("refuses what is not a real day", () => {
    for (const text of ["31/02/2026", "11/27/2026", "27/11/26", "0000-01-01", "yesterday", ""]) {
      expect(readShopDay(text), text).toBeNull();
    }
  });

  it("writes a day back day first", () => {
    expect(formatShopDay("2026-03-07")).toBe("07/03/2026");
    expect(formatShopDay("")).toBe("");
  });
});

describe("shopDayStart", () => {
  it("is London's midnight, in winter and in summer", () => {
    expect(shopDayStart("2026-11-27").toISOString()).toBe("2026-11-27T00:00:00.000Z");
    expect(shopDayStart("2026-07-01").toISOString()).toBe("2026-06-30T23:00:00.000Z");
  });
});

describe("shopMomentOf", () => {
  it("reads London's wall clock in winter and in summer", () => {
    expect(shopMomentOf("2026-12-01T09:30")?.toISOString()).toBe("2026-12-01T09:30:00.000Z");
    expect(shopMomentOf("2026-07-01T09:30")?.toISOString()).toBe("2026-07-01T08:30:00.000Z");
    expect(shopLocalMinute(new Date("2026-07-01T08:30:00Z"))).toBe("2026-07-01T09:30");
  });

  it("refuses what is no time", () => {
    expect(shopMomentOf("2026-13-01T09:30")).toBeNull();
    expect(shopMomentOf("tomorrow")).toBeNull();
  });
});
