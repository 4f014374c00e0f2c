import { describe, expect, it } from "vitest";
import { refundFormSchema } from "./refund-form";

describe("the refund form", () => {
  it("reads pounds, a reason and the units going back per variant (zeros and blanks dropped)", () => {
    const parsed = refundFormSchema.parse({
      intent: "refund",
      amount: "12.50",
      reason: "  Returned  ",
      "restock:v-1": "2",
      "restock:v-2": "0",
      "restock:v-3": "",
    });
    expect(parsed).toEqual({
      amountPence: 1250,
      reason: "Returned",
      restock: [{ variantId: "v-1", quantity: 2 }],
    });
    expect(refundFormSchema.parse({ amount: "", reason: "" })).toEqual({
      amountPence: undefined,
      reason: null,
      restock: [],
    });
  });

  it("refuses an amount that is not pounds and a count that is not a whole number", () => {
    expect(
      refundFormSchema.safeParse({ amount: "12,50", reason: "" }).error?.issues[0]?.message,
    ).toBe("Enter an amount in pounds, such as 12.50.");
    const count = refundFormSchema.safeParse({ amount: "", reason: "", "restock:v-1": "-1" });
    expect(count.error?.issues[0]).toMatchObject({
      path: ["restock:v-1"],
      message: "Enter how many units go back in stock, a whole number.",
    });
  });
});
