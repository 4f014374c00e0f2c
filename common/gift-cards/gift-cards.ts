import { formatPence } from "../money";

// Gift cards, the parts the browser and the server share (docs/decisions/066): how a code is
// written and read, and what a shopper is told. A card pays for an order like money: it is applied
// after every discount, to the total, and the card pays for the rest.

/** pending: bought with an order not paid yet, unusable and unseen until it is. */
export const giftCardStatuses = ["pending", "active", "disabled"] as const;
export type GiftCardStatus = (typeof giftCardStatuses)[number];

export const giftCardEntryKinds = ["issued", "spent", "returned", "adjusted"] as const;

/**
 * The code's alphabet: capitals and digits without the ones read wrongly (0/O, 1/I/L), 31
 * symbols, so sixteen of them are over 79 bits: not guessed at the rate codes may be tried.
 */
export const GIFT_CARD_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const GIFT_CARD_CODE_LENGTH = 16;

/** A code as typed, "abcd efgh-jkmn pqrs", as stored: capitals, no spaces or dashes. */
export function normaliseGiftCardCode(text: string): string {
  return text.replace(/[\s-]/g, "").toUpperCase();
}

/** Whether a typed code could be a card's at all (else it is refused without a lookup). */
export function isGiftCardCode(code: string): boolean {
  if (code.length !== GIFT_CARD_CODE_LENGTH) return false;
  for (const symbol of code) if (!GIFT_CARD_ALPHABET.includes(symbol)) return false;
  return true;
}

/** "ABCDEFGHJKMNPQRS" -> "ABCD-EFGH-JKMN-PQRS": as printed in the email. */
export function formatGiftCardCode(code: string): string {
  return code.match(/.{1,4}/g)?.join("-") ?? code;
}

/** The end of a code, for the admin's lists and the order: "•••• PQRS". */
export function maskedGiftCardCode(code: string): string {
  return `•••• ${code.slice(-4)}`;
}

/** What a card pays of an order: all its balance, or the whole total if that is less. */
export function giftCardPays(totalPence: number, balancePence: number): number {
  return Math.max(0, Math.min(totalPence, balancePence));
}

/** The smallest and largest card the admin issues (and, later, a shopper buys). */
export const GIFT_CARD_MIN_PENCE = 100;
export const GIFT_CARD_MAX_PENCE = 100_000;

export const GIFT_CARD_MESSAGES = {
  unknown: "This gift card code isn't valid. Please check it and try again.",
  disabled: "This gift card can no longer be used. Please contact us.",
  empty: "This gift card has no balance left.",
  balanceChanged:
    "Your gift card's balance has changed. Please check your order total and try again.",
  tooManyAttempts: "Too many gift card codes tried. Please wait a few minutes and try again.",
} as const;

/** A gift card bought at checkout: its amount and whom it is emailed to, on which day. */
export type BoughtGiftCard = {
  amountPence: number;
  /** Null: to the buyer's own address. */
  recipientEmail: string | null;
  recipientName: string | null;
  senderName: string | null;
  message: string | null;
  /** "YYYY-MM-DD" in the shop's time; null: as soon as it is paid for. */
  sendOn: string | null;
};

/** What the shop sells: the owner's amounts, and a custom amount between two limits. */
export type GiftCardRange = {
  amountsPence: number[];
  customMinPence: number;
  customMaxPence: number;
};

/** Why a bought card's amount is not one the shop sells, or null. */
export function giftCardAmountProblem(amountPence: number, range: GiftCardRange): string | null {
  if (range.amountsPence.includes(amountPence)) return null;
  if (
    Number.isInteger(amountPence) &&
    amountPence >= range.customMinPence &&
    amountPence <= range.customMaxPence
  ) {
    return null;
  }
  return `Choose a gift card of ${formatPence(range.customMinPence)} to ${formatPence(range.customMaxPence)}.`;
}

/** An order's line for a gift card it bought: its product and variant ids (none in the catalogue). */
export const BOUGHT_GIFT_CARD_ITEM = "gift-card";

/** A card's status as the admin reads it. */
export const giftCardStatusLabels: Record<GiftCardStatus, string> = {
  pending: "Awaiting payment",
  active: "Active",
  disabled: "Disabled",
};
