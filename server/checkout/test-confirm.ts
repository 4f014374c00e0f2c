import { and, count, eq } from "drizzle-orm";
import { systemActor } from "../audit/audit-log";
import type { Database } from "../db/database";
import { DomainError } from "../errors";
import { cancelOrder } from "../orders/order-state";
import { chargeOf } from "../orders/orders-service";
import { orders } from "../orders/schema";
import { paymentEvents } from "../payments/schema";
import { type CardInput, chargeTestCard } from "../payments/test-card";
import type { TestProvider } from "../payments/test-provider";
import { countAttempt } from "../rate-limit/attempt-counter";
import type { Brand } from "../settings/shop-settings";
import { PRICES_CHANGED } from "./checkout-pricing";
import { codeStillPriced, linesAndDeliveryStillPriced } from "./order-still-priced";
import { recordPaymentFailed, recordPaymentSucceeded } from "./payment-service";

// The offline test provider's confirmation (docs/architecture.md#money-flow): the browser sends the client
// secret and the card; the outcome is decided here, as a card network would, and goes through the
// same recording as a Stripe webhook.

const ORDER_NOT_PAYABLE = "This order is no longer awaiting payment.";

// Card testing (trying stolen numbers until one works) is slowed per customer and per order: as
// many confirmations a minute as checkouts (CHECKOUT_ATTEMPTS_PER_MINUTE), and an order given up
// after a few declines (its stock returned).
const DECLINES_PER_ORDER = 5;
const TOO_MANY_CARD_ATTEMPTS = "Too many payment attempts. Please wait a minute and try again.";
const TOO_MANY_DECLINES =
  "Too many declined payment attempts: this order was cancelled. Please check out again.";
const FAILED = "payment_intent.payment_failed";

async function declinesOf(db: Database, orderId: string): Promise<number> {
  const [row] = await db
    .select({ declines: count() })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.orderId, orderId), eq(paymentEvents.type, FAILED)));
  return row?.declines ?? 0;
}

export async function confirmTestPayment(
  db: Database,
  provider: TestProvider,
  input: { userId: string; clientSecret: string; card: CardInput },
  brand: Brand,
  settings: { attemptsPerMinute: number },
  now = new Date(),
): Promise<{ orderId: string }> {
  const intentId = provider.intentForClientSecret(input.clientSecret);
  if (!intentId) throw new DomainError("BAD_REQUEST", "Unknown payment.");
  const [order] = await db
    .select({
      id: orders.id,
      status: orders.status,
      totalPence: orders.totalPence,
      giftCardPence: orders.giftCardPence,
      discountCodeId: orders.discountCodeId,
      discountCodeVersion: orders.discountCodeVersion,
      linesAndDeliveryPriced: linesAndDeliveryStillPriced,
    })
    .from(orders)
    .where(and(eq(orders.providerIntentId, intentId), eq(orders.userId, input.userId)))
    .limit(1);
  // Someone else's order looks exactly like no order.
  if (!order) throw new DomainError("NOT_FOUND", "Unknown payment.");
  if (order.status === "paid") return { orderId: order.id };
  if (order.status !== "pending") throw new DomainError("CONFLICT", ORDER_NOT_PAYABLE);
  const attempts = await countAttempt(db, `card:${input.userId}`, 60_000, now.getTime());
  if (attempts > settings.attemptsPerMinute) {
    throw new DomainError("RATE_LIMITED", TOO_MANY_CARD_ATTEMPTS);
  }

  // A price corrected, a product archived, a code or a delivery method changed since the order
  // was made: no money is taken for it. The order lets its stock go; the customer checks the new
  // total and pays again.
  if (!order.linesAndDeliveryPriced || !(await codeStillPriced(db, order, now))) {
    await db
      .transaction((tx) =>
        cancelOrder(tx, order.id, systemActor("catalogue-changed"), PRICES_CHANGED),
      )
      .catch((error: unknown) => {
        // Paid or cancelled meanwhile: nothing left to let go.
        if (!(error instanceof DomainError)) throw error;
      });
    throw new DomainError("CONFLICT", PRICES_CHANGED);
  }

  const outcome = chargeTestCard(input.card, now);
  const event = { provider: "test" as const, intentId };
  if (outcome.status === "failed") {
    // Numbered per order, so an order records DECLINES_PER_ORDER declines at most.
    const decline = (await declinesOf(db, order.id)) + 1;
    await recordPaymentFailed(db, {
      ...event,
      eventId: `${intentId}:failed:${decline}`,
      type: FAILED,
      message: outcome.message,
    });
    if (decline >= DECLINES_PER_ORDER) {
      await db
        .transaction((tx) =>
          cancelOrder(tx, order.id, systemActor("decline-limit"), TOO_MANY_DECLINES),
        )
        .catch((error: unknown) => {
          // Paid meanwhile from another tab: nothing to cancel, and this card was still declined.
          if (!(error instanceof DomainError)) throw error;
        });
    }
    throw new DomainError("PAYMENT_FAILED", outcome.message);
  }
  const result = await recordPaymentSucceeded(
    db,
    {
      ...event,
      eventId: `${intentId}:succeeded`,
      type: "payment_intent.succeeded",
      // The test card pays what the provider was asked for: the part a gift card did not.
      amountPence: chargeOf(order),
      currency: "gbp",
      cardLast4: outcome.last4,
    },
    brand,
    now,
  );
  // Paid now or by an earlier confirmation: either way it is paid. Flagged: it could not be.
  if (result.outcome === "flagged") throw new DomainError("CONFLICT", ORDER_NOT_PAYABLE);
  return { orderId: order.id };
}
