import type { ProviderName } from "../orders/schema";

// The one interface every payment provider sits behind (docs/architecture.md#money-flow): the offline test provider
// and Stripe. The checkout asks it for a payment intent once the order exists; what the shopper's
// card then does comes back as a verified confirmation (the test provider's endpoint, or Stripe's
// signed webhooks), never from the browser's word.

export type IntentRequest = {
  orderId: string;
  amountPence: number;
  currency: "gbp";
  customerEmail: string;
  /** The same key gives the same intent: a retried request never makes a second one. */
  idempotencyKey: string;
};

export type CreatedIntent = {
  intentId: string;
  /** Handed to the browser, which confirms the payment with it. */
  clientSecret: string;
};

/** What became of an intent the shop asked to cancel. */
type IntentCancellation = "cancelled" | "succeeded";

export interface PaymentProvider {
  readonly name: ProviderName;
  createIntent(request: IntentRequest): Promise<CreatedIntent>;
  /**
   * Makes an intent unpayable (its order was cancelled). "succeeded" when the money was taken
   * before the cancellation got there: the shop then refunds it. Throws while the outcome is not
   * known yet (the provider unreachable, or the payment still processing): try again later.
   */
  cancelIntent(intentId: string): Promise<IntentCancellation>;
  /**
   * Gives a succeeded intent's money back: `amountPence` of it, or all when not given. The same key
   * never refunds twice. Throws PaymentProviderError when the provider refused (nothing was
   * given back); any other error means the outcome is not known (the provider may have made it):
   * ask again with the same key.
   */
  refundIntent(intentId: string, idempotencyKey: string, amountPence?: number): Promise<void>;
}

/** The provider could not be reached or refused the request; `message` is safe to show. */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "PaymentProviderError";
  }
}
