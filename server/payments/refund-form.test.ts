import { describe, expect, it } from "vitest";
import { refundFormSchema } from "./refund-form";

describe("the refund form", () => {
  it("reads pounds, a reason and the units going back per variant (zeros and blanks dropped)", () => {
    const parsed = refundFormSchema.parse({
      intent: "refund",
      status: "fulfilled",
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
      credit: { items: [], delivery: false },
      expectedStatus: "fulfilled",
    });
  });

  it("reads the units and the delivery the money is for", () => {
    const parsed = refundFormSchema.parse({
      status: "delivered",
      amount: "20.00",
      reason: "",
      "credit:item-1": "1",
      "credit:item-2": "0",
      creditDelivery: "on",
    });
    expect(parsed.credit).toEqual({
      items: [{ orderItemId: "item-1", quantity: 1 }],
      delivery: true,
    });
    expect(
      refundFormSchema.safeParse({ status: "paid", amount: "1.00", reason: "", "credit:x": "1.5" })
        .error?.issues[0],
    ).toMatchObject({
      path: ["credit:x"],
      message: "Enter how many units are refunded, a whole number.",
    });
  });

  it("refunds nothing by default: the amount is typed, and the order's status as shown is sent", () => {
    for (const amount of ["", "  ", undefined]) {
      expect(
        refundFormSchema.safeParse({ status: "paid", amount, reason: "" }).error?.issues[0],
      ).toMatchObject({ path: ["amount"], message: "Enter the amount to refund, such as 12.50." });
    }
    expect(
      refundFormSchema.safeParse({ amount: "1.00", reason: "" }).error?.issues[0],
    ).toMatchObject({ path: ["status"], message: "Reload the order and try again." });
  });

  it("refuses an amount that is not pounds and a count that is not a whole number", () => {
    expect(
      refundFormSchema.safeParse({ status: "paid", amount: "12,50", reason: "" }).error?.issues[0]
        ?.message,
    ).toBe("Enter an amount in pounds, such as 12.50.");
    const count = refundFormSchema.safeParse({
      status: "paid",
      amount: "1",
      reason: "",
      "restock:v-1": "-1",
    });
    expect(count.error?.issues[0]).toMatchObject({
      path: ["restock:v-1"],
      message: "Enter how many units go back in stock, a whole number.",
    });
  });
});
