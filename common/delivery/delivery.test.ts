import { describe, expect, it } from "vitest";
import {
  cutoffClock,
  formatCutoff,
  formatDeliveryWindow,
  readCutoffClock,
  workingDaysText,
} from "./delivery";

describe("delivery texts", () => {
  it("writes a window of days the way a shopper reads it", () => {
    expect(formatDeliveryWindow("2026-12-01", "2026-12-01")).toBe("Tuesday 1 December");
    expect(formatDeliveryWindow("2026-12-01", "2026-12-03")).toBe(
      "Tuesday 1 – Thursday 3 December",
    );
    expect(formatDeliveryWindow("2026-12-31", "2027-01-04")).toBe(
      "Thursday 31 December – Monday 4 January",
    );
  });

  it("writes working days and cut-offs", () => {
    expect(workingDaysText(5, 7)).toBe("5-7 working days");
    expect(workingDaysText(1, 1)).toBe("1 working day");
    expect(formatCutoff(840)).toBe("2pm");
    expect(formatCutoff(750)).toBe("12:30pm");
    expect(formatCutoff(570)).toBe("9:30am");
    expect(formatCutoff(0)).toBe("midnight");
  });

  it("reads and writes the form's 24-hour clock", () => {
    expect(cutoffClock(840)).toBe("14:00");
    expect(cutoffClock(65)).toBe("01:05");
    expect(readCutoffClock("14:00")).toBe(840);
    expect(readCutoffClock(" 09:30 ")).toBe(570);
    expect(readCutoffClock("24:00")).toBeNull();
    expect(readCutoffClock("2pm")).toBeNull();
  });
});
