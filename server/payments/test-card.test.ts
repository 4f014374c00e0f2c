import { describe, expect, it } from "vitest";
import { chargeTestCard } from "./test-card";

const now = new Date("2026-11-22T12:00:00Z");
const card = (number: string, expiry = "12 / 30", cvc = "123") => ({ number, expiry, cvc });

// The card rules themselves: common/payments/card-rules.test.ts.
describe("the test card network", () => {
  it("answers like a card network for the test numbers", () => {
    expect(chargeTestCard(card("4242 4242 4242 4242"), now)).toEqual({
      status: "succeeded",
      last4: "4242",
    });
    expect(chargeTestCard(card("4000 0000 0000 0002"), now)).toMatchObject({
      code: "card_declined",
      message: "Your card was declined.",
    });
    expect(chargeTestCard(card("4000-0000-0000-9995"), now)).toMatchObject({
      code: "insufficient_funds",
      message: "Your card has insufficient funds.",
    });
    expect(chargeTestCard(card("4242 4242 4242 4241"), now)).toMatchObject({
      message: "Your card number is invalid.",
    });
    expect(chargeTestCard(card("4242424242424242", "01/20"), now)).toMatchObject({
      code: "invalid_card",
    });
    expect(chargeTestCard(card("4242424242424242", "12/30", "12"), now)).toMatchObject({
      message: "Your card's security code is invalid.",
    });
    // A real card number is never charged by the test provider.
    expect(chargeTestCard(card("5555 5555 5555 4444"), now)).toMatchObject({
      code: "card_declined",
    });
  });
});
