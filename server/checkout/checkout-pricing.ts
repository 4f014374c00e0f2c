import { eq, inArray } from "drizzle-orm";
import type { CheckoutRequest, mergeLines } from "../../common/checkout/checkout-input";
import { type PricingSettings, priceWithDiscounts } from "../../common/checkout/pricing";
import { type GiftCardRange, giftCardAmountProblem } from "../../common/gift-cards/gift-cards";
import { perOrderLimitMessage } from "../../common/stock/stock-levels";
import { products, productVariants } from "../catalog/schema";
import type { Database } from "../db/database";
import { chosenDelivery } from "../delivery/delivery-methods";
import { checkCode } from "../discounts/code-check";
import { offersForCustomer } from "../discounts/offers";
import { DomainError } from "../errors";

// A checkout's lines and money, priced from the database as it is now (docs/architecture.md#money-flow):
// nothing the browser says about prices is read.

const VARIANT_UNAVAILABLE = "One of the products in your cart is no longer available.";
/** What one card payment may take: Stripe's own ceiling (£999,999.99), well inside an int4. */
const MAX_ORDER_TOTAL_PENCE = 99_999_999;
const ORDER_TOO_LARGE = "This order is too large to pay for online. Please contact us to place it.";
const ORDER_OF_NOTHING = "An order of £0.00 cannot be paid for. Please contact us.";
export const PRICES_CHANGED =
  "The prices in your basket have changed. Please check your order total and try again.";

type Line = ReturnType<typeof mergeLines>[number];

/** Each line with its variant as the catalogue sells it now; refused when one is not on sale. */
export async function pricedLines(tx: Database, lines: readonly Line[]) {
  if (lines.length === 0) return [];
  const variants = await tx
    .select({
      id: productVariants.id,
      name: productVariants.name,
      pricePence: productVariants.pricePence,
      maxPerOrder: productVariants.maxPerOrder,
      productId: products.id,
      productName: products.name,
      categoryId: products.categoryId,
      active: products.active,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      inArray(
        productVariants.id,
        lines.map((line) => line.variantId),
      ),
    );
  const byId = new Map(variants.map((variant) => [variant.id, variant]));
  return lines.map((line) => {
    const variant = byId.get(line.variantId);
    // Nothing is sold for nothing: a variant at £0.00 (from before prices had to be at least a
    // penny) is not on sale.
    if (!variant?.active || variant.pricePence < 1) {
      throw new DomainError("CONFLICT", VARIANT_UNAVAILABLE);
    }
    if (line.quantity > variant.maxPerOrder) {
      throw new DomainError(
        "BAD_REQUEST",
        perOrderLimitMessage(variant.productName, variant.maxPerOrder),
      );
    }
    return { ...line, variant };
  });
}

export type PricedLine = Awaited<ReturnType<typeof pricedLines>>[number];

/**
 * The order's money: the lines, the delivery chosen, and one discount, whichever of the first-order
 * discount, the automatic offers this customer may have and a code (checked again here, on what
 * the cart holds now) saves most (docs/decisions/043, 070).
 * Refused when it cannot be paid by card or is not the total the customer saw.
 */
export async function priceOrder(
  tx: Database,
  input: {
    userId: string;
    request: CheckoutRequest;
    priced: readonly PricedLine[];
    firstOrder: boolean;
    settings: PricingSettings;
    /** The gift cards the shop sells; none: it sells none. */
    giftCardRange?: GiftCardRange | undefined;
    now: Date;
  },
) {
  const { request, priced, settings, now } = input;
  // Gift cards bought: amounts the shop sells, priced at their face value (docs/decisions/067).
  for (const card of request.giftCards) {
    const problem = input.giftCardRange
      ? giftCardAmountProblem(card.amountPence, input.giftCardRange)
      : "Gift cards are not sold here.";
    if (problem) throw new DomainError("BAD_REQUEST", problem, "giftCards");
  }
  const delivery = await chosenDelivery(tx, request.deliveryMethodId, settings, now);
  const code = request.discountCode
    ? await checkCode(
        tx,
        {
          code: request.discountCode,
          userId: input.userId,
          lines: priced.map((line) => ({
            productId: line.variant.productId,
            categoryId: line.variant.categoryId,
            unitPricePence: line.variant.pricePence,
            quantity: line.quantity,
          })),
        },
        now,
      )
    : null;
  const offers = await offersForCustomer(tx, input.userId, now);
  const { pricing, codeApplied, offer } = priceWithDiscounts(
    [
      ...priced.map((line) => ({
        productId: line.variant.productId,
        unitPricePence: line.variant.pricePence,
        quantity: line.quantity,
      })),
      ...request.giftCards.map((card) => ({
        unitPricePence: card.amountPence,
        quantity: 1,
        giftCard: true,
      })),
    ],
    {
      firstOrder: input.firstOrder,
      shippingFlatRatePence: settings.shippingFlatRatePence,
      freeShippingOverPence: settings.freeShippingOverPence,
      firstOrderDiscountPercent: settings.firstOrderDiscountPercent,
      delivery,
    },
    { code: code?.offer ?? null, offers },
  );
  if (pricing.totalPence > MAX_ORDER_TOTAL_PENCE) {
    throw new DomainError("BAD_REQUEST", ORDER_TOO_LARGE);
  }
  // Never a payment of nothing: no provider is asked, and no first-order discount is spent on it.
  if (pricing.totalPence < 1) throw new DomainError("BAD_REQUEST", ORDER_OF_NOTHING);
  // Not the total the customer saw: nothing is made (the transaction undoes the replacement).
  const expected = request.expectedTotalPence;
  if (expected !== undefined && pricing.totalPence !== expected) {
    throw new DomainError("CONFLICT", PRICES_CHANGED);
  }
  const giftCardsPence = request.giftCards.reduce((sum, card) => sum + card.amountPence, 0);
  return {
    pricing,
    delivery,
    usedCode: codeApplied ? code : null,
    usedOffer: offer,
    giftCardsPence,
  };
}
