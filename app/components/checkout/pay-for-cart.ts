import type { CartLine } from "@common/cart/cart-rules";
import type { UkAddress } from "@common/customers/uk-address";
import { field, postJson } from "~/lib/shop-api";

// The browser's part of paying (docs/architecture.md#money-flow): send the cart's variant ids and
// quantities with the details, then confirm the card with the provider. The server decides
// everything else; these calls only carry its answers back.

export type CheckoutDetails = {
  fullName: string;
  email: string;
  phone: string;
  address: UkAddress;
  /** Keep the phone and the address on the account for next time. */
  remember: boolean;
  notes?: string;
};

/** Creates the order and its payment intent: `POST /api/checkout/payment-intent` (docs/api.md). */
export async function createPaymentIntent(
  lines: CartLine[],
  details: CheckoutDetails,
  /** The total the customer is shown: the shop refuses an order that would cost more or less. */
  expectedTotalPence: number,
  choices: {
    deliveryMethodId: string;
    discountCode: string | null;
    /** The gift card and what the customer was shown it pays. */
    giftCard: { code: string; pence: number } | null;
  },
) {
  const json = await postJson("/api/checkout/payment-intent", {
    items: lines
      .filter((line) => !line.giftCard)
      .map((line) => ({ variantId: line.variantId, quantity: line.quantity })),
    giftCards: lines.flatMap((line) => (line.giftCard ? [line.giftCard] : [])),
    customerDetails: details,
    deliveryMethodId: choices.deliveryMethodId,
    ...(choices.discountCode ? { discountCode: choices.discountCode } : {}),
    ...(choices.giftCard
      ? { giftCardCode: choices.giftCard.code, expectedGiftCardPence: choices.giftCard.pence }
      : {}),
    expectedTotalPence,
  });
  // No secret: a gift card paid it all, and the order is paid already.
  const paid = (json as { paid?: unknown }).paid === true;
  return {
    clientSecret: paid ? null : field(json, "clientSecret"),
    orderId: field(json, "orderId"),
  };
}

/** The offline test provider's card confirmation. */
export async function confirmTestCard(
  clientSecret: string,
  card: { number: string; expiry: string; cvc: string },
) {
  const json = await postJson("/api/payments/test/confirm", { clientSecret, card });
  return { orderId: field(json, "orderId") };
}
