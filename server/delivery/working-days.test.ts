import { describe, expect, it } from "vitest";
import { addWorkingDays, deliveryWindow, isBankHoliday, isWorkingDay } from "./working-days";

const nextDay = { minWorkingDays: 1, maxWorkingDays: 1, cutoffMinutes: 14 * 60 };
const standard = { minWorkingDays: 5, maxWorkingDays: 7, cutoffMinutes: 14 * 60 };

describe("UK working days", () => {
  it("knows England and Wales's bank holidays, substitute days included", () => {
    expect(isBankHoliday("2026-12-25")).toBe(true);
    // Boxing Day 2026 is a Saturday: the Monday after is the holiday.
    expect(isBankHoliday("2026-12-28")).toBe(true);
    expect(isBankHoliday("2026-08-31")).toBe(true);
    // Mother's Day is an observance, not a day off.
    expect(isBankHoliday("2026-03-15")).toBe(false);
    // St Andrew's Day is Scotland's, not England's.
    expect(isBankHoliday("2026-11-30")).toBe(false);
  });

  it("skips weekends and bank holidays", () => {
    expect(isWorkingDay("2026-11-27")).toBe(true);
    expect(isWorkingDay("2026-11-28")).toBe(false);
    // Thursday 24 December, then Christmas, Boxing Day's weekend and its substitute Monday.
    expect(addWorkingDays("2026-12-24", 1)).toBe("2026-12-29");
    expect(addWorkingDays("2026-11-27", 1)).toBe("2026-11-30");
  });
});

describe("delivery window", () => {
  it("leaves the same day before the cut-off (UK time, summer or winter)", () => {
    // 13:59 in London in summer is 12:59 UTC.
    expect(deliveryWindow(nextDay, new Date("2026-07-01T12:59:00Z"))).toEqual({
      dispatch: "2026-07-01",
      from: "2026-07-02",
      to: "2026-07-02",
    });
    // 14:00 in London in summer: the next working day.
    expect(deliveryWindow(nextDay, new Date("2026-07-01T13:00:00Z")).dispatch).toBe("2026-07-02");
    // 13:30 in London in winter is 13:30 UTC.
    expect(deliveryWindow(nextDay, new Date("2026-11-26T13:30:00Z")).dispatch).toBe("2026-11-26");
  });

  it("counts across a weekend", () => {
    // Paid on Friday 27 November after the cut-off: leaves Monday, arrives on Tuesday.
    expect(deliveryWindow(nextDay, new Date("2026-11-27T15:00:00Z"))).toEqual({
      dispatch: "2026-11-30",
      from: "2026-12-01",
      to: "2026-12-01",
    });
    // Paid on a Saturday morning: leaves Monday.
    expect(deliveryWindow(nextDay, new Date("2026-11-28T09:00:00Z")).dispatch).toBe("2026-11-30");
  });

  it("counts across Christmas's bank holidays and a weekend", () => {
    // Paid on Wednesday 23 December at 10:00: leaves that day; five to seven working days later
    // skips Christmas Day, the weekend, the substitute Boxing Day and New Year's Day.
    expect(deliveryWindow(standard, new Date("2026-12-23T10:00:00Z"))).toEqual({
      dispatch: "2026-12-23",
      from: "2027-01-04",
      to: "2027-01-06",
    });
  });

  it("counts across the Easter weekend's Good Friday and Monday", () => {
    // Thursday 2 April 2026 after the cut-off: Good Friday, the weekend and Easter Monday pass.
    expect(deliveryWindow(nextDay, new Date("2026-04-02T15:00:00Z"))).toEqual({
      dispatch: "2026-04-07",
      from: "2026-04-08",
      to: "2026-04-08",
    });
  });
});
