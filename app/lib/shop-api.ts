import type { CartLine } from "@common/cart/cart-rules";
import type { CodeOffer } from "@common/discounts/discounts";

// The browser's calls to the shop's JSON API (docs/api.md) for the cart and the checkout: a
// request's refusal comes back as a PaymentFailure with the shop's own words and status.

export const UNEXPECTED = "An unexpected error occurred.";

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

export async function postJson(url: string, body: unknown): Promise<unknown> {
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

export function field(json: unknown, name: string): string {
  const value = json && typeof json === "object" ? (json as Record<string, unknown>)[name] : null;
  if (typeof value !== "string") throw new PaymentFailure(UNEXPECTED, 200);
  return value;
}

/** What a discount code offers this cart, as the shop checked it; its refusal as a PaymentFailure. */
export async function checkDiscountCode(
  lines: CartLine[],
  code: string,
): Promise<{ code: string; offer: CodeOffer }> {
  const json = await postJson("/api/checkout/discount-code", {
    // A code takes nothing off gift cards bought (docs/decisions/067).
    items: lines
      .filter((line) => !line.giftCard)
      .map((line) => ({ variantId: line.variantId, quantity: line.quantity })),
    discountCode: code,
  });
  const offer = (json as { offer?: unknown }).offer;
  if (!offer || typeof offer !== "object") throw new PaymentFailure(UNEXPECTED, 200);
  return { code: field(json, "code"), offer: offer as CodeOffer };
}

/** A gift card's balance, as the shop checked it; its refusal as a PaymentFailure. */
export async function checkGiftCard(code: string): Promise<{ code: string; balancePence: number }> {
  const json = await postJson("/api/checkout/gift-card", { giftCardCode: code });
  const balance = (json as { balancePence?: unknown }).balancePence;
  if (typeof balance !== "number") throw new PaymentFailure(UNEXPECTED, 200);
  return { code: field(json, "code"), balancePence: balance };
}
