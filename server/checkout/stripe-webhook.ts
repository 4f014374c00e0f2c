import type Stripe from "stripe";
import type { Database } from "../db/database";
import { logger } from "../logger";
import type { StripeProvider } from "../payments/stripe-provider";
import type { Brand } from "../settings/shop-settings";
import {
  type EventResult,
  orderStatusForIntent,
  recordPaymentFailed,
  recordPaymentSucceeded,
  recordRefund,
} from "./payment-service";

// Stripe's webhook events, once their signature is checked (docs/architecture.md#money-flow). Where the order of
// events matters, the intent is read again from Stripe: a `payment_failed` that arrives after the
// payment succeeded must not be believed, and a success is taken with the amount Stripe holds.

type Handled = EventResult | { outcome: "unhandled" };

function intentIdOf(value: string | { id: string } | null): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

async function handleStripeEvent(
  db: Database,
  stripe: Pick<StripeProvider, "retrieveIntent">,
  event: Stripe.Event,
  brand: Brand,
): Promise<Handled> {
  const base = { provider: "stripe" as const, eventId: event.id, type: event.type };
  switch (event.type) {
    case "payment_intent.succeeded": {
      const intent = await stripe.retrieveIntent(event.data.object.id);
      if (intent.status !== "succeeded") return { outcome: "unhandled" };
      return recordPaymentSucceeded(
        db,
        {
          ...base,
          intentId: intent.id,
          amountPence: intent.amountReceivedPence,
          currency: intent.currency,
          cardLast4: intent.cardLast4,
        },
        brand,
      );
    }
    case "payment_intent.payment_failed": {
      const intent = await stripe.retrieveIntent(event.data.object.id);
      // Already paid by a later attempt: this failure is old news.
      if (intent.status === "succeeded") return { outcome: "unhandled" };
      return recordPaymentFailed(db, {
        ...base,
        intentId: intent.id,
        message:
          event.data.object.last_payment_error?.message ??
          intent.lastError ??
          "Your payment failed.",
      });
    }
    case "charge.refunded": {
      const charge = event.data.object;
      const intentId = intentIdOf(charge.payment_intent);
      if (!intentId) return { outcome: "unhandled" };
      // Out of order: the refund came before the payment's own event. Stripe says the payment
      // succeeded, so that is recorded first (its event, arriving later, then changes nothing):
      // the order ends refunded, not paid with the money already gone back.
      if ((await orderStatusForIntent(db, intentId)) === "pending") {
        const intent = await stripe.retrieveIntent(intentId);
        if (intent.status === "succeeded") {
          await recordPaymentSucceeded(
            db,
            {
              ...base,
              eventId: `${event.id}:payment`,
              type: "payment_intent.succeeded",
              intentId,
              amountPence: intent.amountReceivedPence,
              currency: intent.currency,
              cardLast4: intent.cardLast4,
            },
            brand,
          );
        }
      }
      return recordRefund(
        db,
        { ...base, intentId, amountRefundedPence: charge.amount_refunded },
        brand,
      );
    }
    default:
      return { outcome: "unhandled" };
  }
}

/**
 * A webhook request as it arrived: the signature checked over the raw body (400 when it is not
 * Stripe's), then the event handled (500 when that fails, so Stripe sends it again).
 */
export async function receiveStripeWebhook(
  db: Database,
  stripe: Pick<StripeProvider, "retrieveIntent" | "verifyWebhook">,
  rawBody: string,
  signature: string | null,
  brand: Brand,
): Promise<{ status: number; body: { received: true } | { error: string } }> {
  let event: Stripe.Event;
  try {
    if (!signature) throw new Error("no Stripe-Signature header");
    event = stripe.verifyWebhook(rawBody, signature);
  } catch (error) {
    logger.warn({ err: error }, "stripe webhook refused: bad signature");
    return { status: 400, body: { error: "Invalid signature." } };
  }
  try {
    const result = await handleStripeEvent(db, stripe, event, brand);
    logger.info({ eventId: event.id, type: event.type, outcome: result.outcome }, "stripe webhook");
    return { status: 200, body: { received: true } };
  } catch (error) {
    logger.error({ err: error, eventId: event.id, type: event.type }, "stripe webhook failed");
    return { status: 500, body: { error: "Webhook processing failed." } };
  }
}
