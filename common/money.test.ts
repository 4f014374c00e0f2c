import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatPence, parsePounds, penceToDecimalString } from "./money";

describe("formatPence", () => {
  it("formats pence as pounds with two decimals", () => {
    expect(formatPence(3999)).toBe("£39.99");
    expect(formatPence(1499)).toBe("£14.99");
    expect(formatPence(5)).toBe("£0.05");
    expect(formatPence(0)).toBe("£0.00");
  });

  it("groups thousands", () => {
    expect(formatPence(123456789)).toBe("£1,234,567.89");
  });

  it("writes every amount as Intl's en-GB pound formatter does", () => {
    // The formatter it replaced (numbers.ts says why), as the reference.
    const intl = new Intl.NumberFormat("en-GB", {
      style: "currency",
      currency: "GBP",
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 13), max: 10 ** 13 }), (pence) => {
        expect(formatPence(pence)).toBe(intl.format(pence / 100));
      }),
      { numRuns: 5000 },
    );
    for (const pence of [0, 1, -1, 99, 100, 99_999, 100_000, -100_000, 123_456_789]) {
      expect(formatPence(pence)).toBe(intl.format(pence / 100));
    }
  });

  it("rejects fractional pence", () => {
    expect(() => formatPence(39.5)).toThrow(TypeError);
  });
});

describe("penceToDecimalString", () => {
  it("gives a plain decimal for structured data", () => {
    expect(penceToDecimalString(7998)).toBe("79.98");
    expect(penceToDecimalString(100)).toBe("1.00");
    expect(penceToDecimalString(7)).toBe("0.07");
    expect(penceToDecimalString(-250)).toBe("-2.50");
  });
});

describe("an amount typed in pounds", () => {
  it("becomes whole pence without floating point", () => {
    expect(parsePounds("12.34")).toBe(1234);
    expect(parsePounds("£12.3")).toBe(1230);
    expect(parsePounds(" 7 ")).toBe(700);
    expect(parsePounds("0.07")).toBe(7);
    expect(parsePounds("1234567.89")).toBe(123456789);
  });
  it("is refused when it is not a plain amount", () => {
    for (const text of ["", "-1", "1.234", "1,000", "12.", "ten", "1e3", "0x10", "12.34.5"]) {
      expect(parsePounds(text)).toBeNull();
    }
  });
});
