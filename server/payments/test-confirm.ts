import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/database";
import { orders } from "../db/schema/orders";
import type { Brand } from "../email/templates";
import { DomainError } from "../errors";
import { recordPaymentFailed, recordPaymentSucceeded } from "./payment-service";
import { type CardInput, chargeTestCard } from "./test-card";
import type { TestProvider } from "./test-provider";

// The offline test provider's confirmation (DESIGN §5 point 3): the browser sends the client
// secret and the card; the outcome is decided here, as a card network would, and goes through the
// same recording as a Stripe webhook.

export const ORDER_NOT_PAYABLE = "This order is no longer awaiting payment.";

export async function confirmTestPayment(
  db: Database,
  provider: TestProvider,
  input: { userId: string; clientSecret: string; card: CardInput },
  brand: Brand,
  now = new Date(),
): Promise<{ orderId: string }> {
  const intentId = provider.intentForClientSecret(input.clientSecret);
  if (!intentId) throw new DomainError("BAD_REQUEST", "Unknown payment.");
  const [order] = await db
    .select({ id: orders.id, status: orders.status, totalPence: orders.totalPence })
    .from(orders)
    .where(and(eq(orders.providerIntentId, intentId), eq(orders.userId, input.userId)))
    .limit(1);
  // Someone else's order looks exactly like no order.
  if (!order) throw new DomainError("NOT_FOUND", "Unknown payment.");
  if (order.status === "paid") return { orderId: order.id };
  if (order.status !== "pending") throw new DomainError("CONFLICT", ORDER_NOT_PAYABLE);

  const outcome = chargeTestCard(input.card, now);
  const event = { provider: "test" as const, intentId };
  if (outcome.status === "failed") {
    await recordPaymentFailed(db, {
      ...event,
      eventId: `${intentId}:failed:${randomUUID()}`,
      type: "payment_intent.payment_failed",
      message: outcome.message,
    });
    throw new DomainError("PAYMENT_FAILED", outcome.message);
  }
  const result = await recordPaymentSucceeded(
    db,
    {
      ...event,
      eventId: `${intentId}:succeeded`,
      type: "payment_intent.succeeded",
      amountPence: order.totalPence,
      currency: "gbp",
    },
    brand,
    now,
  );
  // Paid now or by an earlier confirmation: either way it is paid. Flagged: it could not be.
  if (result.outcome === "flagged") throw new DomainError("CONFLICT", ORDER_NOT_PAYABLE);
  return { orderId: order.id };
}
