import { z } from "zod";
import { CATALOGUE_ID } from "../catalog/catalog-types";
import {
  addressTextProblem,
  formatUkAddress,
  normalisePostcode,
  postcodeProblem,
  type UkAddress,
} from "../customers/uk-address";
import { readShopDay } from "../dates";
import { normaliseCode } from "../discounts/discounts";
import { personName, requiredText } from "../form-fields";
import {
  type BoughtGiftCard,
  GIFT_CARD_MAX_PENCE,
  GIFT_CARD_MESSAGES,
  normaliseGiftCardCode,
} from "../gift-cards/gift-cards";
import { hasControlCharacters, NO_CONTROL_CHARACTERS } from "../text-rules";

// What the checkout sends (docs/architecture.md#money-flow): variant ids and quantities only, never a price, and
// the customer's details. The browser requires the fields; the server checks them again here.

const MAX_CHECKOUT_LINES = 100;
const MAX_LINE_QUANTITY = 999;
const MAX_GIFT_CARDS = 10;

const ukAddressSchema = z.object({
  line1: requiredText("address (first line)", 200),
  line2: z
    .string()
    .trim()
    .max(200, "The second line of your address is too long (at most 200 characters).")
    .refine((value) => !hasControlCharacters(value), NO_CONTROL_CHARACTERS)
    .optional()
    .transform((value) => value ?? ""),
  town: requiredText("town or city", 100),
  postcode: z.string("Please enter your postcode.").transform((value, context) => {
    const problem = postcodeProblem(value);
    if (problem !== null) context.addIssue({ code: "custom", message: problem });
    return normalisePostcode(value) ?? "";
  }),
}) satisfies z.ZodType<UkAddress, unknown>;

const customerDetailsSchema = z
  .object({
    fullName: personName,
    email: z
      .email("Please enter a valid email address.")
      .max(254)
      .transform((value) => value.toLowerCase()),
    phone: z
      .string("Please enter your phone number.")
      .trim()
      .regex(/^\+?[\d\s()-]{7,20}$/, "Please enter a valid phone number.")
      .refine(
        (value) => value.replace(/\D/g, "").length >= 7,
        "Please enter a valid phone number.",
      ),
    /** The checkout's structured UK address (docs/storefront.md, Checkout). */
    address: ukAddressSchema.optional(),
    /**
     * Free text (the seed's `shippingAddress`), for API clients from before the structured
     * address: one or the other, both held to the UK rules.
     */
    shippingAddress: requiredText("shipping address", 500, { multiline: true }).optional(),
    /** Keep the phone and the address on the account for next time. */
    remember: z.boolean().optional(),
    notes: z
      .string()
      .trim()
      .max(1000, "Your notes are too long (at most 1000 characters).")
      .refine((value) => !hasControlCharacters(value, { multiline: true }), NO_CONTROL_CHARACTERS)
      .optional()
      .transform((value) => value || undefined),
  })
  // The order keeps the address as text, one part a line, whichever way it came.
  .transform((details, context) => {
    const shippingAddress = details.address
      ? formatUkAddress(details.address)
      : details.shippingAddress;
    if (!shippingAddress) {
      context.addIssue({ code: "custom", message: "Please enter your shipping address." });
      return z.NEVER;
    }
    // Typed as one text, the address is held to the same UK rules (docs/decisions/052): an
    // address the checkout's form would refuse is never priced, nor VAT charged on it.
    const problem = details.address ? null : addressTextProblem(shippingAddress);
    if (problem !== null) {
      context.addIssue({ code: "custom", message: problem, path: ["shippingAddress"] });
      return z.NEVER;
    }
    return { ...details, shippingAddress };
  });

/** A discount code as typed: capitals, and nothing when left empty. */
export const discountCodeField = z
  .string()
  .max(40, "This code isn't valid. Please check it and try again.")
  .optional()
  .transform((text) => (text?.trim() ? normaliseCode(text) : undefined));

/** A day typed as the date field sends it ("2026-12-24"), or nothing. */
const sendOnField = z
  .string()
  .trim()
  .nullish()
  .transform((text, context) => {
    if (!text) return null;
    const day = readShopDay(text);
    if (day === null) context.addIssue({ code: "custom", message: "Choose a day to send it." });
    return day;
  });

const optionalCardText = (max: number, label: string, multiline = false) =>
  z
    .string()
    .trim()
    .max(max, `The ${label} is too long (at most ${max} characters).`)
    .refine((text) => !hasControlCharacters(text, { multiline }), NO_CONTROL_CHARACTERS)
    .nullish()
    .transform((text) => text || null);

/**
 * A gift card bought at checkout (docs/decisions/067): its amount, whom and when it goes to. The
 * cart sends what it holds: a field left empty may come as null.
 */
const boughtGiftCardSchema = z.object({
  amountPence: z.number().int().min(1).max(GIFT_CARD_MAX_PENCE),
  recipientEmail: z
    .string()
    .trim()
    .nullish()
    .transform((text) => text?.toLowerCase() || null)
    .pipe(z.email("Please enter the recipient's email address.").max(254).nullable()),
  recipientName: optionalCardText(100, "recipient's name"),
  senderName: optionalCardText(100, "sender's name"),
  message: optionalCardText(500, "message", true),
  sendOn: sendOnField,
}) satisfies z.ZodType<BoughtGiftCard, unknown>;

export const checkoutRequestSchema = z
  .object({
    items: z
      .array(
        z.object({
          variantId: z.string().regex(CATALOGUE_ID, "Unknown product variant."),
          quantity: z
            .number()
            .int("Quantities must be whole numbers.")
            .min(1, "Quantities must be at least 1.")
            .max(MAX_LINE_QUANTITY, `Quantities must be at most ${MAX_LINE_QUANTITY}.`),
        }),
        "Your cart is empty",
      )
      .max(MAX_CHECKOUT_LINES, `A cart holds at most ${MAX_CHECKOUT_LINES} lines.`),
    /** Gift cards bought with the order (none: only goods). */
    giftCards: z
      .array(boughtGiftCardSchema)
      .max(MAX_GIFT_CARDS, `An order buys at most ${MAX_GIFT_CARDS} gift cards.`)
      .optional()
      .transform((cards) => cards ?? []),
    customerDetails: customerDetailsSchema,
    /** The delivery method chosen (server/delivery/); without one, the standard delivery. */
    deliveryMethodId: z.string().min(1).max(100).optional(),
    /** A discount code (server/discounts/), as typed; empty is none. */
    discountCode: discountCodeField,
    /** A gift card's code (server/gift-cards/), as typed; empty is none. */
    giftCardCode: z
      .string()
      .max(40, GIFT_CARD_MESSAGES.unknown)
      .optional()
      .transform((text) => (text?.trim() ? normaliseGiftCardCode(text) : undefined)),
    /** What the customer was shown the gift card pays: refused when its balance moved since. */
    expectedGiftCardPence: z.number().int().min(0).max(1_000_000_000).optional(),
    /**
     * The total the customer was shown: an order that would cost anything else (a price changed
     * since the page was read) is refused, so no one pays an amount they did not see.
     */
    expectedTotalPence: z.number().int().min(0).max(1_000_000_000).optional(),
  })
  // Goods, gift cards, or both: never nothing.
  .refine((request) => request.items.length + request.giftCards.length > 0, {
    message: "Your cart is empty",
    path: ["items"],
  });

export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/** The same variant on two lines is one line with both quantities. */
export function mergeLines(
  items: CheckoutRequest["items"],
): Array<{ variantId: string; quantity: number }> {
  const merged = new Map<string, number>();
  for (const item of items)
    merged.set(item.variantId, (merged.get(item.variantId) ?? 0) + item.quantity);
  return [...merged].map(([variantId, quantity]) => ({ variantId, quantity }));
}
