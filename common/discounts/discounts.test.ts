import { describe, expect, it } from "vitest";
import { codeLabel, normaliseCode } from "./discounts";

describe("codeLabel", () => {
  it("names the code and what it takes off", () => {
    expect(codeLabel("SMILE15", { kind: "percent", percentOff: 15, eligiblePence: 1 })).toBe(
      "Code SMILE15 (15% off)",
    );
    expect(codeLabel("FIVEOFF", { kind: "fixed", amountOffPence: 500, eligiblePence: 1 })).toBe(
      "Code FIVEOFF (£5.00 off)",
    );
    expect(codeLabel("FREESHIP", { kind: "free_delivery" })).toBe("Code FREESHIP (free delivery)");
    expect(normaliseCode(" smile15 ")).toBe("SMILE15");
  });
});
