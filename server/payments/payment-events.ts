import { eq } from "drizzle-orm";
import type { Database } from "../db/database";
import type { ProviderName } from "../orders/schema";
import { type paymentEventOutcomes, paymentEvents } from "./schema";

// The provider's events the shop has acted on (payment_events), one row each: a replayed webhook
// finds its row and changes nothing (docs/architecture.md#money-flow). What an event does to an
// order is the checkout's to decide (server/checkout/payment-service.ts); the row is this
// domain's.

type Outcome = (typeof paymentEventOutcomes)[number];

/** Records a new event, as ignored until settled; null when the provider sent it before. */
export async function recordPaymentEvent(
  tx: Database,
  event: { provider: ProviderName; eventId: string; type: string },
): Promise<string | null> {
  const [recorded] = await tx
    .insert(paymentEvents)
    .values({
      provider: event.provider,
      providerEventId: event.eventId,
      type: event.type,
      outcome: "ignored",
    })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return recorded?.id ?? null;
}

/** What the event did, once decided in the same transaction: to which order, and why. */
export async function settlePaymentEvent(
  tx: Database,
  id: string,
  result: { orderId: string | null; outcome: Outcome; reason?: string | undefined },
): Promise<void> {
  await tx
    .update(paymentEvents)
    .set({
      orderId: result.orderId,
      outcome: result.outcome,
      detail: result.reason ? { reason: result.reason } : null,
    })
    .where(eq(paymentEvents.id, id));
}
