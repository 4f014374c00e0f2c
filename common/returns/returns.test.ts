import { describe, expect, it } from "vitest";
import { formatReturnNumber, returnStateLabel, returnValuePence } from "./returns";

describe("a return's value", () => {
  const order = { subtotalPence: 4000, discountPence: 400, shippingPence: 399 };

  it("takes off the items' share of the order's discount", () => {
    expect(returnValuePence(order, [{ unitPricePence: 2000, quantity: 1 }], false)).toBe(1800);
    expect(
      returnValuePence(
        { ...order, discountPence: 0 },
        [{ unitPricePence: 1499, quantity: 1 }],
        false,
      ),
    ).toBe(1499);
  });

  it("adds the delivery when it goes back too", () => {
    expect(returnValuePence(order, [{ unitPricePence: 2000, quantity: 2 }], true)).toBe(3999);
  });
});

describe("a return's words", () => {
  it("names it R- and says its state as the customer reads it", () => {
    expect(formatReturnNumber(1001)).toBe("R-1001");
    expect(returnStateLabel({ status: "received", refund: null })).toBe(
      "Received, refund under way",
    );
    expect(
      returnStateLabel({ status: "received", refund: { status: "succeeded", amountPence: 1 } }),
    ).toBe("Refunded");
    expect(returnStateLabel({ status: "rejected", refund: null })).toBe("Not accepted");
  });
});
