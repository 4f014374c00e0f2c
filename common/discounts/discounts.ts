import { formatPence } from "../money";

// Discount codes as both sides see them (server/discounts/ decides them; docs/decisions/043).

export const discountKinds = ["percent", "fixed", "free_delivery"] as const;
export type DiscountKind = (typeof discountKinds)[number];

/** Whether a discount's kind is a code's (the others are automatic offers', offers.ts). */
export function isCodeKind(kind: string): kind is DiscountKind {
  return (discountKinds as readonly string[]).includes(kind);
}

/**
 * What a code takes off this cart, priced by common/checkout/pricing.ts: a percentage or an amount of the
 * items it applies to (`eligiblePence`, their value before any discount), or the delivery.
 */
export type CodeOffer =
  | { kind: "percent"; percentOff: number; eligiblePence: number }
  | { kind: "fixed"; amountOffPence: number; eligiblePence: number }
  | { kind: "free_delivery" };

/** A code as typed: spaces around it dropped, capitals, so "summer10 " finds SUMMER10. */
export function normaliseCode(text: string): string {
  return text.trim().toUpperCase();
}

/** Letters, digits, dashes and underscores, 3 to 30 of them. */
export const CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,29}$/;

/** Why a code does not apply, in the shopper's words. */
export const CODE_MESSAGES = {
  unknown: "This code isn't valid. Please check it and try again.",
  expired: "This code has expired.",
  usedUp: "This code has been fully used.",
  usedByYou: "You've already used this code.",
  notApplicable: "This code doesn't apply to the items in your cart.",
  tooManyAttempts: "Too many codes tried. Please wait a few minutes and try again.",
} as const;

export const minimumSpendMessage = (amount: string) =>
  `Spend ${amount} or more on items to use this code.`;

/** What an order's discount came from: a code, an automatic offer (offers.ts), or neither. */
export type DiscountSource = { discountCode: string | null; offerTitle: string | null };

/** The discount's line on an order's pages and emails: "Code SMILE15", "Offer: 3 for 2". */
export function orderDiscountLabel(source: DiscountSource): string {
  if (source.offerTitle) return `Offer: ${source.offerTitle}`;
  return source.discountCode ? `Code ${source.discountCode}` : "First-order discount";
}

/** The same in an invoice's words: "code SMILE15", "offer 3 for 2", "first order". */
export function discountSourceText(source: DiscountSource): string {
  if (source.offerTitle) return `offer ${source.offerTitle}`;
  return source.discountCode ? `code ${source.discountCode}` : "first order";
}

/** The summary's line for a code: "Code SUMMER10 (10% off)". */
export function codeLabel(code: string, offer: CodeOffer): string {
  const what =
    offer.kind === "percent"
      ? `${offer.percentOff}% off`
      : offer.kind === "free_delivery"
        ? "free delivery"
        : `${formatPence(offer.amountOffPence)} off`;
  return `Code ${code} (${what})`;
}
