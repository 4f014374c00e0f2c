import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { groupThousands } from "./numbers";

describe("groupThousands", () => {
  it("writes every whole number as en-GB's toLocaleString does", () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 53 - 1), max: 2 ** 53 - 1 }), (value) => {
        expect(groupThousands(value)).toBe(value.toLocaleString("en-GB"));
      }),
      { numRuns: 5000 },
    );
    for (const value of [0, 7, 999, 1000, -1000, 10_004, 999_999, 1_000_000]) {
      expect(groupThousands(value)).toBe(value.toLocaleString("en-GB"));
    }
  });

  it("refuses a fraction", () => {
    expect(() => groupThousands(1.5)).toThrow(TypeError);
  });
});
