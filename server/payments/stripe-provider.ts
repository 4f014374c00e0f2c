import Stripe from "stripe";
import { type IntentRequest, type PaymentProvider, PaymentProviderError } from "./provider";

// The Stripe adapter (docs/architecture.md#money-flow): PaymentIntents in GBP pence carrying the order id, created with
// the order's idempotency key, and webhook events checked against the signing secret on the raw
// body. The API version is pinned: Stripe changes shapes between versions, this code reads one.

const STRIPE_API_VERSION = "2026-10-28.endive";

export type StripeOptions = {
  secretKey: string;
  webhookSecret: string;
  /** Where the API answers: only tests point it elsewhere (a local stand-in). */
  api?: { host: string; port: number; protocol: "http" | "https" };
};

/** What the shop needs to know about an intent when it re-reads one. */
export type IntentState = {
  id: string;
  status: string;
  amountReceivedPence: number;
  currency: string;
  lastError: string | null;
  /** The paying card's last four digits, when a card paid. */
  cardLast4: string | null;
};

export function createStripeProvider(options: StripeOptions) {
  const stripe = new Stripe(options.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    timeout: 15_000,
    ...(options.api ?? {}),
  });

  return {
    name: "stripe" as const,

    async createIntent(request: IntentRequest) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountPence,
            currency: request.currency,
            automatic_payment_methods: { enabled: true },
            receipt_email: request.customerEmail,
            metadata: { order_id: request.orderId },
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (!intent.client_secret)
          throw new Error("Stripe returned an intent without a client secret");
        return { intentId: intent.id, clientSecret: intent.client_secret };
      } catch (error) {
        throw new PaymentProviderError("Failed to create payment intent.", { cause: error });
      }
    },

    async cancelIntent(intentId: string) {
      const intent = await stripe.paymentIntents.retrieve(intentId);
      if (intent.status === "succeeded") return "succeeded" as const;
      if (intent.status === "canceled") return "cancelled" as const;
      if (intent.status === "processing") {
        throw new PaymentProviderError("The payment is still being processed.");
      }
      // Should the customer's payment win the race to this call, Stripe refuses the cancel and the
      // next try finds the intent succeeded.
      await stripe.paymentIntents.cancel(intentId, { cancellation_reason: "abandoned" });
      return "cancelled" as const;
    },

    async refundIntent(intentId: string, idempotencyKey: string, amountPence?: number) {
      try {
        await stripe.refunds.create(
          {
            payment_intent: intentId,
            ...(amountPence === undefined ? {} : { amount: amountPence }),
          },
          { idempotencyKey },
        );
      } catch (error) {
        // Stripe may have made the refund when the connection broke or it answered with its own
        // error: the caller asks again with the same key. Anything else is a refusal.
        if (
          !(error instanceof Stripe.errors.StripeError) ||
          error instanceof Stripe.errors.StripeConnectionError ||
          error instanceof Stripe.errors.StripeAPIError
        ) {
          throw error;
        }
        throw new PaymentProviderError(error.message, { cause: error });
      }
    },

    /** The intent as Stripe has it now (events may arrive late or out of order). */
    async retrieveIntent(intentId: string): Promise<IntentState> {
      // With its charge, whose card details say which card paid (no second call).
      const intent = await stripe.paymentIntents.retrieve(intentId, {
        expand: ["latest_charge"],
      });
      const charge = typeof intent.latest_charge === "object" ? intent.latest_charge : null;
      return {
        id: intent.id,
        status: intent.status,
        amountReceivedPence: intent.amount_received,
        currency: intent.currency,
        lastError: intent.last_payment_error?.message ?? null,
        cardLast4: charge?.payment_method_details?.card?.last4 ?? null,
      };
    },

    /** The event, if the signature over this exact body is Stripe's; throws otherwise. */
    verifyWebhook(rawBody: string, signature: string): Stripe.Event {
      return stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
    },
  } satisfies PaymentProvider & Record<string, unknown>;
}

export type StripeProvider = ReturnType<typeof createStripeProvider>;
