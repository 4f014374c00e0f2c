// What a card network checks of the details typed (docs/architecture.md#money-flow, point 3): the checkout
// says a mistake beside its field as the shopper leaves it, and the offline test provider refuses
// the same mistakes with the same messages.

export const CARD_MESSAGES = {
  number: "Your card number is invalid.",
  expiry: "Your card's expiration date is invalid or in the past.",
  cvc: "Your card's security code is invalid.",
} as const;

function digitsOf(value: string): string {
  return value.replace(/\D/g, "");
}

/** The Luhn checksum every card number carries (12 to 19 digits; spaces and dashes ignored). */
export function passesLuhn(number: string): boolean {
  const digits = /^[\d\s-]+$/.test(number) ? digitsOf(number) : "";
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

/**
 * An expiry as typed: "12 / 30", "12/30", "12/2030" or just the digits, "1230". Valid through the
 * last day of that month (UTC).
 */
export function expiryIsValid(expiry: string, now: Date): boolean {
  const match =
    /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry) ?? /^\s*(\d{2})(\d{2})\s*$/.exec(expiry);
  if (!match) return false;
  const month = Number(match[1]);
  const rawYear = Number(match[2]);
  if (month < 1 || month > 12) return false;
  const year = rawYear < 100 ? 2000 + rawYear : rawYear;
  return Date.UTC(year, month, 1) > now.getTime();
}

export function cvcIsValid(cvc: string): boolean {
  return /^\d{3,4}$/.test(cvc.trim());
}

/** A card number as it is typed, in groups of four: "4242 4242 4242 4242". */
export function formatCardNumber(typed: string): string {
  return digitsOf(typed)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, "$1 ");
}

/**
 * An expiry as it is typed, "MM / YY": "1230" and "12/30" both become "12 / 30", a first digit
 * above 1 is a month ("4" is "04"), and "12/2030" keeps its year.
 */
export function formatExpiry(typed: string): string {
  let digits = digitsOf(typed);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  if (digits.length === 6 && digits.slice(2, 4) === "20")
    digits = digits.slice(0, 2) + digits.slice(4);
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}
