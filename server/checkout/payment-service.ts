import { eq } from "drizzle-orm";
import { providerActor } from "../audit/audit-log";
import type { Database } from "../db/database";
import { holdsCodeUse } from "../discounts/code-claims";
import { checkoutsFailed, checkoutsPaid } from "../metrics/metrics";
import {
  applyRefund,
  flagRefundDue,
  markPaid,
  recordPaymentFailure,
  refundsUnderWayPence,
} from "../orders/order-state";
import { chargeOf, hasPaidOrder } from "../orders/orders-service";
import type { ProviderName } from "../orders/schema";
import { orders } from "../orders/schema";
import { recordPaymentEvent, settlePaymentEvent } from "../payments/payment-events";
import { queuePaymentTask } from "../payments/payment-task-queue";
import type { Brand } from "../settings/shop-settings";

// What a verified payment confirmation does to an order (docs/architecture.md#money-flow), from the provider's
// own word only: the test provider's endpoint or a signature-checked Stripe webhook. Each event is
// recorded once (payment_events) and, if it is new, decides which of the order's transitions
// (server/orders/order-state.ts) follows, in the same transaction: a replayed or late event finds
// its row and changes nothing.

export type PaymentEvent = {
  provider: ProviderName;
  /** The provider's id for this event: the same id is acted on once. */
  eventId: string;
  type: string;
  intentId: string;
};

export type EventResult =
  | { outcome: "duplicate" }
  | { outcome: "applied" | "ignored" | "flagged"; orderId: string | null; reason?: string };

type Tx = Database;
type OrderRow = typeof orders.$inferSelect;

/**
 * Records the event and, if it is new, runs `apply` with the order it concerns (locked until the
 * transaction ends), then stores what happened.
 */
async function handleOnce(
  db: Database,
  event: PaymentEvent,
  apply: (
    tx: Tx,
    order: OrderRow,
  ) => Promise<{ outcome: "applied" | "ignored" | "flagged"; reason?: string }>,
): Promise<EventResult> {
  return db.transaction(async (tx) => {
    const recorded = await recordPaymentEvent(tx, event);
    if (!recorded) return { outcome: "duplicate" };

    const [order] = await tx
      .select()
      .from(orders)
      .where(eq(orders.providerIntentId, event.intentId))
      .for("update");
    const result = order
      ? await apply(tx, order)
      : { outcome: "ignored" as const, reason: "no order has this payment intent" };
    await settlePaymentEvent(tx, recorded, { ...result, orderId: order?.id ?? null });
    return { ...result, orderId: order?.id ?? null };
  });
}

/**
 * The money arrived. A pending order with the right amount and currency becomes `paid` (which
 * queues its confirmation email). Money for a cancelled order is refunded automatically (a
 * background task); the wrong amount, or a first-order discount the customer already had, is
 * flagged for a refund; an order already paid is left as it is.
 */
export async function recordPaymentSucceeded(
  db: Database,
  event: PaymentEvent & { amountPence: number; currency: string; cardLast4?: string | null },
  brand: Brand,
  now = new Date(),
): Promise<EventResult> {
  const actor = providerActor(event.provider);
  const result = await handleOnce(db, event, async (tx, order) => {
    const currency = event.currency.toLowerCase();
    if (order.status === "cancelled") {
      const reason = "payment for a cancelled order: refunding it";
      await flagRefundDue(tx, order.id, actor, reason);
      await queuePaymentTask(tx, {
        orderId: order.id,
        kind: "refund-late-payment",
        provider: event.provider,
        intentId: event.intentId,
      });
      return { outcome: "flagged", reason };
    }
    if (order.status !== "pending")
      return { outcome: "ignored", reason: `order already ${order.status}` };
    // The provider takes what a gift card did not pay.
    const charge = chargeOf(order);
    if (event.amountPence !== charge || currency !== order.currency) {
      const reason = `received ${event.amountPence} ${currency}, expected ${charge} ${order.currency}`;
      await flagRefundDue(tx, order.id, actor, reason, `Payment amount mismatch: ${reason}.`);
      return { outcome: "flagged", reason };
    }
    // A first-order discount is the customer's only while no other order of theirs is paid.
    const discountTaken =
      order.firstOrderDiscount &&
      order.userId !== null &&
      (await hasPaidOrder(tx, order.userId, { except: order.id }));
    if (discountTaken) {
      const reason = "first-order discount already used by another paid order";
      await flagRefundDue(
        tx,
        order.id,
        actor,
        reason,
        "The first-order discount was already used.",
      );
      return { outcome: "flagged", reason };
    }
    // A code's use is the order's while it is open; one it no longer holds was not paid for.
    if (order.discountCodeId !== null && !(await holdsCodeUse(tx, order.id))) {
      const reason = "discount code's use no longer held by the order";
      await flagRefundDue(
        tx,
        order.id,
        actor,
        reason,
        "The discount code was no longer available.",
      );
      return { outcome: "flagged", reason };
    }
    await markPaid(tx, order.id, actor, {
      brand,
      now,
      cardLast4: event.cardLast4 ?? null,
      locked: order,
    });
    return { outcome: "applied" };
  });
  // Counted once committed: the same event again is a duplicate, not a second payment.
  if (result.outcome === "applied") checkoutsPaid.inc();
  return result;
}

/** A payment attempt failed (a declined card): the order stays pending for another card. */
export async function recordPaymentFailed(
  db: Database,
  event: PaymentEvent & { message: string },
): Promise<EventResult> {
  const result = await handleOnce(db, event, async (tx, order) => {
    if (order.status !== "pending")
      return { outcome: "ignored", reason: `order already ${order.status}` };
    await recordPaymentFailure(tx, order.id, providerActor(event.provider), event.message);
    return { outcome: "applied" };
  });
  if (result.outcome === "applied") checkoutsFailed.inc();
  return result;
}

/** The status of the order paid by `intentId`, or null when no order has it. */
export async function orderStatusForIntent(
  db: Database,
  intentId: string,
): Promise<OrderRow["status"] | null> {
  const [order] = await db
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.providerIntentId, intentId));
  return order?.status ?? null;
}

/**
 * The provider reports what it has given back of a payment so far (`amountRefundedPence`, a running
 * total, so a late or repeated report says nothing new). The shop's own refunds are recorded when
 * the provider answers them (server/orders/order-refunds.ts): reports of those, made or under way, add
 * nothing. What is beyond them was given back outside the shop (in the provider's dashboard) and
 * is recorded now, so the order always says what the provider did; the refund that reaches the
 * order's total makes it refunded.
 */
export function recordRefund(
  db: Database,
  event: PaymentEvent & { amountRefundedPence: number },
  brand: Brand,
): Promise<EventResult> {
  return handleOnce(db, event, async (tx, order) => {
    const refundable =
      order.status === "paid" || order.status === "fulfilled" || order.status === "delivered";
    if (!refundable) return { outcome: "ignored", reason: `order is ${order.status}` };
    const outside =
      event.amountRefundedPence - order.refundedPence - (await refundsUnderWayPence(tx, order.id));
    if (outside <= 0) return { outcome: "ignored", reason: "refund already recorded" };
    await applyRefund(
      tx,
      order.id,
      providerActor(event.provider),
      {
        amountPence: outside,
        restock: [],
        cancel: false,
        reason: "Refunded with the payment provider, outside the shop.",
      },
      { brand },
    );
    return { outcome: "applied" };
  });
}
