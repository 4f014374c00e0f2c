import { describe, expect, it } from "vitest";
import { refundedTo } from "./money-words";

describe("where a refund went", () => {
  it("names the payment card, the gift card, or both", () => {
    expect(refundedTo(1500, 0, "4242")).toBe("£15.00 to your card ending 4242");
    expect(refundedTo(1500, 1500, "4242")).toBe("£15.00 to your gift card");
    expect(refundedTo(2000, 601, null)).toBe(
      "£13.99 to the card you paid with and £6.01 to your gift card",
    );
  });
});
