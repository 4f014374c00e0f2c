import { describe, expect, it } from "vitest";
import { creditNoteLines } from "./credit-lines";

const order = {
  subtotalPence: 3000,
  discountPence: 1000,
  shippingPence: 0,
  discountCode: "THIRD",
  offerTitle: null,
  deliveryMethodName: null,
};
const items = [
  { id: "a", productName: "Strips", variantName: "Default", unitPricePence: 1000 },
  { id: "b", productName: "Pen", variantName: "Mint", unitPricePence: 2000 },
];

describe("a credit note's lines", () => {
  it("add up to the amount refunded, the discount's share rounded as the refund was", () => {
    // £10.00 of a £30.00 order with £10.00 off: its share is £3.33, so £6.67 back.
    const lines = creditNoteLines(
      order,
      items,
      { items: [{ orderItemId: "a", quantity: 1 }], delivery: false },
      667,
      null,
    );
    expect(lines).toEqual([
      { description: "Strips", quantity: 1, unitPricePence: 1000 },
      {
        description: "Less the discount on these items: code THIRD",
        quantity: 1,
        unitPricePence: -333,
      },
    ]);
    expect(lines.reduce((sum, line) => sum + line.unitPricePence * line.quantity, 0)).toBe(667);
  });

  it("names a variant, skips a free delivery and says what is money only", () => {
    const lines = creditNoteLines(
      order,
      items,
      { items: [{ orderItemId: "b", quantity: 1 }], delivery: true },
      1400,
      "Goodwill",
    );
    expect(lines.map((line) => [line.description, line.unitPricePence])).toEqual([
      ["Pen (Mint)", 2000],
      ["Less the discount on these items: code THIRD", -667],
      ["Refund of money only, no goods returned: Goodwill", 67],
    ]);
  });
});
