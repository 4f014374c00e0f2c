import { describe, expect, it } from "vitest";
import { median } from "./render-cpu";

describe("median", () => {
  it("takes the middle measure of an odd number", () => {
    expect(median([5.2, 9.9, 4.1])).toBe(5.2);
  });

  it("takes the mean of the middle two of an even number", () => {
    // compare-builds' six measures of one build (the upper middle one is 10.33).
    expect(median([11.38, 10.99, 10.33, 10.29, 9.94, 9.87])).toBe(10.31);
  });

  it("refuses no measures", () => {
    expect(() => median([])).toThrow("no values");
  });
});
