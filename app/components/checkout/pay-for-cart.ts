import type { CartLine } from "@common/cart-rules";
import type { CodeOffer } from "@common/discounts";
import type { UkAddress } from "@common/uk-address";

// The browser's part of paying (docs/architecture.md §6 points 1 and 3): send the cart's variant ids and
// quantities with the details, then confirm the card with the provider. The server decides
// everything else; these calls only carry its answers back.

export const UNEXPECTED = "An unexpected error occurred.";

export type CheckoutDetails = {
  fullName: string;
  email: string;
  phone: string;
  address: UkAddress;
  /** Keep the phone and the address on the account for next time. */
  remember: boolean;
  notes?: string;
};

export class PaymentFailure extends Error {
  constructor(
    message: string,
    /** The HTTP status the shop answered with (409: the stock changed). */
    readonly status: number,
  ) {
    super(message);
    this.name = "PaymentFailure";
  }
}

async function postJson(url: string, body: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    throw new PaymentFailure(
      "We could not reach the shop. Check your connection and try again.",
      0,
    );
  }
  let json: unknown = null;
  try {
    json = await response.json();
  } catch {
    // An answer without JSON: only its status is known.
  }
  if (!response.ok) {
    const error =
      json && typeof json === "object" && "error" in json && typeof json.error === "string"
        ? json.error
        : UNEXPECTED;
    throw new PaymentFailure(error, response.status);
  }
  return json;
}

function field(json: unknown, name: string): string {
  const value = json && typeof json === "object" ? (json as Record<string, unknown>)[name] : null;
  if (typeof value !== "string") throw new PaymentFailure(UNEXPECTED, 200);
  return value;
}

/** Creates the order and its payment intent: `POST /api/checkout/payment-intent` (docs/api.md). */
export async function createPaymentIntent(
  lines: CartLine[],
  details: CheckoutDetails,
  /** The total the customer is shown: the shop refuses an order that would cost more or less. */
  expectedTotalPence: number,
  choices: { deliveryMethodId: string; discountCode: string | null },
) {
  const json = await postJson("/api/checkout/payment-intent", {
    items: lines.map((line) => ({ variantId: line.variantId, quantity: line.quantity })),
    customerDetails: details,
    deliveryMethodId: choices.deliveryMethodId,
    ...(choices.discountCode ? { discountCode: choices.discountCode } : {}),
    expectedTotalPence,
  });
  return { clientSecret: field(json, "clientSecret"), orderId: field(json, "orderId") };
}

/** The offline test provider's card confirmation. */
export async function confirmTestCard(
  clientSecret: string,
  card: { number: string; expiry: string; cvc: string },
) {
  const json = await postJson("/api/payments/test/confirm", { clientSecret, card });
  return { orderId: field(json, "orderId") };
}

/** What a discount code offers this cart, as the shop checked it; its refusal as a PaymentFailure. */
export async function checkDiscountCode(
  lines: CartLine[],
  code: string,
): Promise<{ code: string; offer: CodeOffer }> {
  const json = await postJson("/api/checkout/discount-code", {
    items: lines.map((line) => ({ variantId: line.variantId, quantity: line.quantity })),
    discountCode: code,
  });
  const offer = (json as { offer?: unknown }).offer;
  if (!offer || typeof offer !== "object") throw new PaymentFailure(UNEXPECTED, 200);
  return { code: field(json, "code"), offer: offer as CodeOffer };
}
