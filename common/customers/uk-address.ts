import { isValid, toNormalised } from "postcode";

// A UK delivery address as the checkout takes it (docs/storefront.md, Checkout): two lines, a town
// and a postcode; the country is the UK, the only one the shop delivers to. Postcodes are checked
// by the `postcode` package (Ideal Postcodes' rules for the Royal Mail format), not a hand-made
// pattern.

export type UkAddress = { line1: string; line2: string; town: string; postcode: string };

/** An address in the customer's address book. */
export type SavedAddress = UkAddress & { id: string };

export const COUNTRY = "United Kingdom";

export const POSTCODE_MESSAGE = "Please enter a valid UK postcode, for example SW1A 1AA.";

/**
 * Where the shop delivers (docs/decisions/052): the UK's VAT area, so every order is sold with UK
 * VAT. Guernsey and Jersey (GY, JE) are outside it, and forces' addresses (BFPO, BF1) travel
 * through the forces' own post: both are refused at the address, before anything is priced.
 */
export const DELIVERY_AREA_MESSAGE =
  "We deliver to the UK mainland, Northern Ireland and the Isle of Man.";
const OUTSIDE_DELIVERY_AREA = /^(GY|JE|BF)\d/;

/** "sw1a1aa" or " SW1A  1AA " as "SW1A 1AA"; null when it is not a UK postcode. */
export function normalisePostcode(typed: string): string | null {
  const compact = typed.trim().replace(/\s+/g, " ").toUpperCase();
  return isValid(compact) ? toNormalised(compact) : null;
}

/** What is wrong with a typed postcode for delivery, in the shopper's words; null if nothing. */
export function postcodeProblem(typed: string): string | null {
  if (/^\s*BFPO\b/i.test(typed)) return DELIVERY_AREA_MESSAGE;
  const postcode = normalisePostcode(typed);
  if (postcode === null) return POSTCODE_MESSAGE;
  return OUTSIDE_DELIVERY_AREA.test(postcode) ? DELIVERY_AREA_MESSAGE : null;
}

/** A UK postcode where it stands in an address typed as one text. */
const POSTCODE_IN_TEXT = /\b([A-Z]{1,2}\d[A-Z\d]?) *(\d[A-Z]{2})\b/gi;

/**
 * What is wrong with an address typed as one text (the API's `shippingAddress`, the seed's free
 * text), by the structured address's rules: its postcode, the last one it holds, must be a UK
 * one the shop delivers to (docs/decisions/052), and a forces' address is refused by name. Null
 * if nothing.
 */
export function addressTextProblem(text: string): string | null {
  if (/\bBFPO\b/i.test(text)) return DELIVERY_AREA_MESSAGE;
  const found = [...text.matchAll(POSTCODE_IN_TEXT)].at(-1);
  if (!found) return POSTCODE_MESSAGE;
  return postcodeProblem(`${found[1]} ${found[2]}`);
}

/** The address as the order, its emails and the admin show it: one part a line, the UK last. */
export function formatUkAddress(address: UkAddress): string {
  return [address.line1, address.line2, address.town, address.postcode, COUNTRY]
    .map((part) => part.trim())
    .filter(Boolean)
    .join("\n");
}
