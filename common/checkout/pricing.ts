// How an order is priced: one module, used by the checkout page to show the lines and by the
// server to decide what is charged (docs/architecture.md#money-flow). Everything is integer pence; prices include VAT.
//
// Rounding, written down once:
// - The first-order discount is a percentage of the subtotal (10% by default), rounded half up to
//   the penny (10% off £0.45 is 4.5p: 5p).
// - Shipping is free when the subtotal after the discount is over the delivery method's threshold
//   (the standard delivery's is £50 by default; strictly: £50.00 exactly pays shipping, as "free
//   shipping on orders over £50" says); otherwise the method's price. A method without a
//   threshold always charges its price.
// - The total is subtotal - discount + shipping.
// - VAT is included in every price (standard rate 20%): the VAT portion of a total is
//   total x 20/120, rounded half up to the penny. It is shown, never added.
// - An automatic offer takes off what common/discounts/offers.ts says, never more than the goods;
//   an order takes one discount, the one that saves most (`priceWithDiscounts`).
// - Gift cards bought (lines marked `giftCard`) are money, not goods (docs/decisions/067): in the
//   subtotal and the total at their face value, but no discount takes anything off them, they
//   count towards no free-shipping threshold, need no delivery of their own and carry no VAT (a
//   multi-purpose voucher's VAT is due when it is spent).

import type { CartLine } from "../cart/cart-rules";
import type { CodeOffer } from "../discounts/discounts";
import { type AutomaticOffer, offerSavingPence } from "../discounts/offers";

const VAT_RATE_PERCENT = 20;

/** The shop's pricing rules, from its settings (server/settings/shop-settings.ts). */
export type PricingSettings = {
  /** Shipping charged on orders that do not ship free. */
  shippingFlatRatePence: number;
  /** Orders over this, after the discount, ship free. */
  freeShippingOverPence: number;
  firstOrderDiscountPercent: number;
};

/** A cart's line as the pricing and the offers read it: a gift card bought is money, not goods. */
export function pricedLineOf(line: CartLine): PricedLine {
  return {
    productId: line.productId,
    unitPricePence: line.pricePence,
    quantity: line.quantity,
    giftCard: line.giftCard !== undefined,
  };
}

export type PricedLine = {
  unitPricePence: number;
  quantity: number;
  giftCard?: boolean;
  /** What the line is, for automatic offers (common/discounts/offers.ts). */
  productId?: string;
};

/** A delivery method's price (common/delivery/delivery.ts): free over its threshold, if it has one. */
export type DeliveryPrice = { pricePence: number; freeOverPence: number | null };

export type PricingOptions = PricingSettings & {
  /** The customer has no earlier paid order: the first-order discount applies. */
  firstOrder: boolean;
  /** The delivery chosen; without one, the standard delivery of the settings. */
  delivery?: DeliveryPrice;
  /** A discount code's offer, taken instead of the first-order discount (see `priceWithDiscounts`). */
  code?: CodeOffer;
  /** An automatic offer, taken instead of either (see `priceWithDiscounts`). */
  offer?: AutomaticOffer;
};

export type OrderPricing = {
  /** Every line, gift cards bought included. */
  subtotalPence: number;
  discountPence: number;
  shippingPence: number;
  /** The VAT included in the total (not added to it). */
  vatPence: number;
  totalPence: number;
};

/** a x numerator / denominator, rounded half up; all non-negative integers. */
export function roundHalfUp(amount: number, numerator: number, denominator: number): number {
  // In integers: (2an + d) / 2d, floored, is a x n / d rounded half up, with no float error.
  return Math.floor((2 * amount * numerator + denominator) / (2 * denominator));
}

function assertWholePence(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a whole, non-negative number, got ${value}`);
  }
}

/** The VAT portion of a VAT-inclusive amount. */
export function includedVatPence(grossPence: number): number {
  assertWholePence(grossPence, "an amount");
  return roundHalfUp(grossPence, VAT_RATE_PERCENT, 100 + VAT_RATE_PERCENT);
}

export function priceOrder(lines: readonly PricedLine[], options: PricingOptions): OrderPricing {
  const delivery = options.delivery ?? {
    pricePence: options.shippingFlatRatePence,
    freeOverPence: options.freeShippingOverPence,
  };
  assertWholePence(delivery.pricePence, "the shipping rate");
  if (delivery.freeOverPence !== null) {
    assertWholePence(delivery.freeOverPence, "the free-shipping threshold");
  }
  let subtotalPence = 0;
  let giftCardsPence = 0;
  for (const line of lines) {
    assertWholePence(line.unitPricePence, "a unit price");
    assertWholePence(line.quantity, "a quantity");
    if (line.giftCard) giftCardsPence += line.unitPricePence * line.quantity;
    else subtotalPence += line.unitPricePence * line.quantity;
  }
  const goods = lines.filter((line) => !line.giftCard).length;
  const code = options.code;
  const discountPence = code
    ? codeDiscountPence(code, subtotalPence)
    : options.offer
      ? Math.min(offerSavingPence(options.offer, lines), subtotalPence)
      : options.firstOrder
        ? roundHalfUp(subtotalPence, options.firstOrderDiscountPercent, 100)
        : 0;
  const discounted = subtotalPence - discountPence;
  const shippingPence =
    goods === 0 ||
    code?.kind === "free_delivery" ||
    (delivery.freeOverPence !== null && discounted > delivery.freeOverPence)
      ? 0
      : delivery.pricePence;
  const totalPence = discounted + shippingPence + giftCardsPence;
  return {
    subtotalPence: subtotalPence + giftCardsPence,
    discountPence,
    shippingPence,
    vatPence: includedVatPence(totalPence - giftCardsPence),
    totalPence,
  };
}

/** A code's pence off: of the items it applies to only, never more than they cost. */
function codeDiscountPence(code: CodeOffer, subtotalPence: number): number {
  if (code.kind === "free_delivery") return 0;
  const eligible = Math.min(code.eligiblePence, subtotalPence);
  assertWholePence(eligible, "the code's items");
  return code.kind === "percent"
    ? roundHalfUp(eligible, code.percentOff, 100)
    : Math.min(code.amountOffPence, eligible);
}

/** The discount an order takes: none, the first-order discount, an automatic offer or a code. */
export type DiscountTaken =
  | { pricing: OrderPricing; codeApplied: false; offer: null }
  | { pricing: OrderPricing; codeApplied: true; offer: null }
  | { pricing: OrderPricing; codeApplied: false; offer: AutomaticOffer };

/**
 * A cart's one discount (docs/decisions/043, 070): the first-order discount, an automatic offer it
 * qualifies for, or a discount code, whichever leaves the lowest total, never two. On a tie the
 * first-order discount, then an offer, then the code: no offer's or code's use is spent for
 * nothing, and a code typed is kept for when it saves more.
 */
export function priceWithDiscounts(
  lines: readonly PricedLine[],
  options: Omit<PricingOptions, "code" | "offer">,
  discounts: { code: CodeOffer | null; offers?: readonly AutomaticOffer[] },
): DiscountTaken {
  let best: DiscountTaken = {
    pricing: priceOrder(lines, options),
    codeApplied: false,
    offer: null,
  };
  for (const offer of discounts.offers ?? []) {
    if (offerSavingPence(offer, lines) === 0) continue;
    const pricing = priceOrder(lines, { ...options, firstOrder: false, offer });
    if (pricing.totalPence < best.pricing.totalPence) best = { pricing, codeApplied: false, offer };
  }
  if (discounts.code) {
    const pricing = priceOrder(lines, { ...options, firstOrder: false, code: discounts.code });
    if (pricing.totalPence < best.pricing.totalPence) {
      best = { pricing, codeApplied: true, offer: null };
    }
  }
  return best;
}
