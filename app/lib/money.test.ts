import { describe, expect, it } from "vitest";
import { formatPence, penceToDecimalString } from "./money";

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
