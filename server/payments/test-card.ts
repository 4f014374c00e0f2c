// The offline test provider's card network (docs/architecture.md §6, point 3): the card details are checked as
// a card network would (Luhn, an expiry in the future, a 3-4 digit CVC), and the well-known test
// numbers decide the outcome. No real card is ever charged.

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

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** "MM / YY", "MM/YY" or "MM/YYYY": valid through the last day of that month (UTC). */
export function expiryIsValid(expiry: string, now: Date): boolean {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match) return false;
  const month = Number(match[1]);
  const rawYear = Number(match[2]);
  if (month < 1 || month > 12) return false;
  const year = rawYear < 100 ? 2000 + rawYear : rawYear;
  const endOfMonth = Date.UTC(year, month, 1);
  return endOfMonth > now.getTime();
}

export function chargeTestCard(card: CardInput, now: Date): CardOutcome {
  const number = digitsOnly(card.number);
  if (!passesLuhn(number)) {
    return { status: "failed", code: "invalid_card", message: "Your card number is invalid." };
  }
  if (!expiryIsValid(card.expiry, now)) {
    return {
      status: "failed",
      code: "invalid_card",
      message: "Your card's expiration date is invalid or in the past.",
    };
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim())) {
    return {
      status: "failed",
      code: "invalid_card",
      message: "Your card's security code is invalid.",
    };
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
