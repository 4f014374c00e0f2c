import { formatPenceInText } from "../money";

// Automatic offers as both sides see them (server/discounts/offers.ts reads them;
// docs/decisions/070): discounts with no code, which the checkout applies by itself when the cart
// qualifies. The product page, the cart and the checkout show them from these rules, and the
// server prices the order with the same ones.

export const offerKinds = ["buy_get", "spend_get"] as const;
export type OfferKind = (typeof offerKinds)[number];

/** An offer on sale, as the storefront is told it. */
export type AutomaticOffer = {
  id: string;
  /** The terms' version the order is priced with (server/checkout/order-still-priced.ts). */
  version: number;
  /** The owner's name for it, shown on the order: "3 for 2 on strips". */
  title: string;
  /** ISO moment it ends, or null. */
  endsAt: string | null;
} & (
  | {
      kind: "buy_get";
      /** Buy this many of `productIds` (any mix)... */
      buyQuantity: number;
      /** ...and this many more of them, the cheapest, are `percentOff` off (100: free). */
      getQuantity: number;
      percentOff: number;
      productIds: string[];
    }
  | {
      kind: "spend_get";
      /** Goods over this (pence, the free one left out)... */
      spendOverPence: number;
      /** ...make one unit of this product in the cart free. */
      giftProductId: string;
      giftProductName: string;
    }
);

/** A cart line as an offer sees it; gift cards bought are no goods and never count. */
export type OfferLine = {
  productId?: string | undefined;
  unitPricePence: number;
  quantity: number;
  giftCard?: boolean | undefined;
};

/** a x percent / 100, rounded half up (as common/checkout/pricing.ts rounds). */
function percentOf(amount: number, percent: number): number {
  return Math.floor((2 * amount * percent + 100) / 200);
}

/**
 * What the offer takes off this cart, in pence (0: it does not apply).
 * - Buy N get M: the units of its products, in groups of N + M; in each full group the M cheapest
 *   are its percentage off (the cheapest of all the grouped units, as every shop engine does).
 * - Spend over £N: one unit of the gift product free, the cheapest in the cart, when the other
 *   goods come to strictly more than £N ("over", as free delivery counts it).
 */
export function offerSavingPence(offer: AutomaticOffer, lines: readonly OfferLine[]): number {
  const goods = lines.filter((line) => !line.giftCard);
  if (offer.kind === "buy_get") {
    const units = goods
      .filter((line) => line.productId !== undefined && offer.productIds.includes(line.productId))
      .flatMap((line) => Array.from({ length: line.quantity }, () => line.unitPricePence))
      .sort((a, b) => a - b);
    const groups = Math.floor(units.length / (offer.buyQuantity + offer.getQuantity));
    const discounted = units.slice(0, groups * offer.getQuantity);
    return percentOf(
      discounted.reduce((sum, price) => sum + price, 0),
      offer.percentOff,
    );
  }
  const gifts = goods.filter((line) => line.productId === offer.giftProductId);
  if (gifts.length === 0) return 0;
  const giftPence = Math.min(...gifts.map((line) => line.unitPricePence));
  const others = goods.reduce((sum, line) => sum + line.unitPricePence * line.quantity, 0);
  return others - giftPence > offer.spendOverPence ? giftPence : 0;
}

/** The terms in the shopper's words: "Buy 2, get 1 free", "Free with orders over £50". */
export function offerTerms(offer: AutomaticOffer): string {
  if (offer.kind === "spend_get") {
    return `Free with orders over ${formatPenceInText(offer.spendOverPence)}`;
  }
  const get = offer.percentOff === 100 ? "free" : `at ${offer.percentOff}% off`;
  return `Buy ${offer.buyQuantity}, get ${offer.getQuantity} ${get}`;
}

/** An offer as a product's page shows it: its terms written on the server, no rules sent. */
export type OfferBadge = { id: string; title: string; terms: string };

/** Whether a product's page shows the offer: a product it counts, or its free gift. */
export function offerShowsOn(offer: AutomaticOffer, productId: string): boolean {
  return offer.kind === "buy_get"
    ? offer.productIds.includes(productId)
    : offer.giftProductId === productId;
}

/** The rule for an order's discounts, as the cart and checkout say it (docs/decisions/070). */
export const ONE_DISCOUNT_RULE =
  "One discount per order: an offer, a code or your first-order discount, whichever saves most.";

export const OFFER_MESSAGES = {
  usedUp: "An offer in your basket has just ended. Please check your order total and try again.",
} as const;
