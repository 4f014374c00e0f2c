// The offline test provider's card network (docs/architecture.md#money-flow, point 3): the card details are checked as
// a card network would (Luhn, an expiry in the future, a 3-4 digit CVC), and the well-known test
// numbers decide the outcome. No real card is ever charged.

import {
  CARD_MESSAGES,
  cvcIsValid,
  expiryIsValid,
  passesLuhn,
} from "../../common/payments/card-rules";

export type CardInput = { number: string; expiry: string; cvc: string };

export type CardOutcome =
  | { status: "succeeded"; last4: string }
  | {
      status: "failed";
      code: "card_declined" | "insufficient_funds" | "invalid_card";
      message: string;
    };

const TEST_CARDS = {
  succeeds: "4242424242424242",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
} as const;

function digitsOnly(value: string): string {
  return value.replace(/[\s-]/g, "");
}

export function chargeTestCard(card: CardInput, now: Date): CardOutcome {
  const number = digitsOnly(card.number);
  if (!passesLuhn(number)) {
    return { status: "failed", code: "invalid_card", message: CARD_MESSAGES.number };
  }
  if (!expiryIsValid(card.expiry, now)) {
    return {
      status: "failed",
      code: "invalid_card",
      message: CARD_MESSAGES.expiry,
    };
  }
  if (!cvcIsValid(card.cvc)) {
    return { status: "failed", code: "invalid_card", message: CARD_MESSAGES.cvc };
  }
  if (number === TEST_CARDS.succeeds) return { status: "succeeded", last4: number.slice(-4) };
  if (number === TEST_CARDS.insufficientFunds) {
    return {
      status: "failed",
      code: "insufficient_funds",
      message: "Your card has insufficient funds.",
    };
  }
  // 4000 0000 0000 0002, and any real card number: a test provider never charges one.
  return { status: "failed", code: "card_declined", message: "Your card was declined." };
}
