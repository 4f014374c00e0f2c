import { and, eq, inArray, sql } from "drizzle-orm";
import { formatPence } from "../../common/money";
import { type Actor, recordAudit } from "../audit/audit-log";
import type { Database } from "../db/database";
import { releaseCodeUse } from "../discounts/code-claims";
import { DomainError } from "../errors";
import { type Credit, refunds } from "../payments/schema";
import type { Brand } from "../settings/shop-settings";
import { type RestockLine, releaseOrderStock, restockOrder } from "../stock/stock-service";
import { publishOrderEvent } from "./order-events";
import { allows, ORDER_TRANSITIONS, statusAfter, type TransitionName } from "./order-transitions";
import { type OrderStatus, orders } from "./schema";

// The one writer of orders (docs/architecture.md#money-flow). Every change of an order's state is a
// function here: it locks the order, refuses what the table of transitions (./order-transitions.ts)
// does not allow from its status with a DomainError, makes the change with an update guarded by
// the same statuses, writes an audit row (who, what, before, after) and publishes what happened
// (./order-events.ts) for the emails and the payment provider's follow-ups, all in the caller's
// transaction.
//
// A refund in part keeps the status and adds to refunded_pence; the refund that reaches the total
// makes the order refunded. While a refund is asked of the provider and not yet answered (a
// `pending` row in refunds) the order is not fulfilled and no other refund starts, so what the
// provider does is always what the order records. Beside the status: money that arrived when it
// could not be taken flags the order refund-due until it is refunded; a declined payment is noted
// on the pending order. Deleting an account anonymises its orders (./anonymise-orders.ts).

type Tx = Database;
type Order = typeof orders.$inferSelect;
type OrderChanges = Partial<Omit<typeof orders.$inferInsert, "id" | "status">>;

const ORDER_NOT_FOUND = "Order not found.";

const cannot = (order: Order, what: string) =>
  new DomainError("CONFLICT", `This order is ${order.status}: it cannot be ${what}.`);

/**
 * Refuses an admin's action when the order is no longer in the status their page showed: another
 * admin, the customer's payment or a background job changed it meanwhile. Read under the lock.
 */
export function expectStatus(order: { status: OrderStatus }, expected: OrderStatus | undefined) {
  if (expected && order.status !== expected) {
    throw new DomainError(
      "CONFLICT",
      `This order is ${order.status} now: it changed after this page was opened, so nothing was done. Check it and try again.`,
    );
  }
}

/** Pence of the order's refunds asked of the provider and not answered yet. */
export async function refundsUnderWayPence(tx: Tx, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ pence: sql<number>`coalesce(sum(${refunds.amountPence}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, "pending")));
  return row?.pence ?? 0;
}

async function lockOrder(tx: Tx, orderId: string): Promise<Order> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!order) throw new DomainError("NOT_FOUND", ORDER_NOT_FOUND);
  return order;
}

/** The fields a change touches, as they were before it (for the audit row). */
function pick(order: Order, fields: string[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field, order[field as keyof Order]]));
}

type Change = {
  orderId: string;
  /** What happens, by its name in the table of transitions (./order-transitions.ts). */
  transition: TransitionName;
  /** The fields to change, or a function of the locked order giving them. */
  set?: OrderChanges | ((order: Order) => OrderChanges);
  actor: Actor;
  /** The audit action, `order.<what>`. */
  action: string;
  reason?: string | null;
  /** Extra guard on the locked row, beyond its status. */
  allowed?: (order: Order) => boolean;
  /** The status the admin's page showed: refused if the order has moved on since. */
  expected?: OrderStatus | undefined;
  /** A check of the locked order that reads more than its row; throws a DomainError to refuse. */
  guard?: (order: Order) => Promise<void>;
  /** The order's row as the caller already locked it in this transaction: not read again. */
  locked?: Order;
};

async function change(tx: Tx, spec: Change): Promise<{ before: Order; after: Order }> {
  const before = spec.locked?.id === spec.orderId ? spec.locked : await lockOrder(tx, spec.orderId);
  expectStatus(before, spec.expected);
  const { from, verb } = ORDER_TRANSITIONS[spec.transition];
  if (!allows(spec.transition, before.status) || (spec.allowed && !spec.allowed(before))) {
    throw cannot(before, verb);
  }
  await spec.guard?.(before);
  const changes = typeof spec.set === "function" ? spec.set(before) : spec.set;
  const to = statusAfter(spec.transition);
  const set = { ...changes, ...(to ? { status: to } : {}) };
  const [after] = await tx
    .update(orders)
    .set(set)
    .where(and(eq(orders.id, spec.orderId), inArray(orders.status, [...from])))
    .returning();
  if (!after) throw cannot(before, verb);
  const fields = Object.keys(set).filter((field) => field !== "updatedAt");
  await recordAudit(tx, {
    actor: spec.actor,
    action: spec.action,
    entity: { type: "order", id: spec.orderId },
    before: pick(before, fields),
    after: pick(after, fields),
    reason: spec.reason ?? null,
  });
  return { before, after };
}

/** The money arrived: pending → paid, and the confirmation email queued. */
export async function markPaid(
  tx: Tx,
  orderId: string,
  actor: Actor,
  options: {
    brand: Brand;
    now?: Date;
    cardLast4?: string | null;
    /** The order's row, locked by the caller in this transaction (FOR UPDATE). */
    locked?: Order;
  },
): Promise<Order> {
  const { after: order } = await change(tx, {
    orderId,
    locked: options.locked,
    transition: "pay",
    set: {
      paidAt: options.now ?? new Date(),
      paymentError: null,
      cardLast4: options.cardLast4 ?? null,
    },
    actor,
    action: "order.paid",
  });
  await publishOrderEvent(tx, { type: "paid", order, brand: options.brand });
  return order;
}

/** A payment attempt failed (a declined card): noted on the pending order, which waits for another. */
export async function recordPaymentFailure(
  tx: Tx,
  orderId: string,
  actor: Actor,
  message: string,
): Promise<void> {
  await change(tx, {
    orderId,
    transition: "note-payment-failure",
    set: { paymentError: message },
    actor,
    action: "order.payment_failed",
    reason: message,
  });
}

/**
 * Pending → cancelled: its stock goes back, and an intent it has is cancelled with the provider
 * afterwards (a background task retried while the provider is down), so a late card confirmation
 * cannot take money for it.
 */
export async function cancelOrder(
  tx: Tx,
  orderId: string,
  actor: Actor,
  reason: string,
  options: { now?: Date; tell?: Brand } = {},
): Promise<Order> {
  const now = options.now ?? new Date();
  const { after: order } = await change(tx, {
    orderId,
    transition: "cancel",
    set: { cancelledAt: now, paymentError: reason },
    actor,
    action: "order.cancelled",
    reason,
  });
  await releaseOrderStock(tx, { orderId, actor, reason });
  // Its discount code's use, if it held one, goes back for someone else.
  await releaseCodeUse(tx, orderId, now);
  // What a gift card paid goes back on it, by the gift card domain's reaction (after the
  // variants' rows, as the checkout locks them).
  await publishOrderEvent(tx, { type: "cancelled", order, actor, tell: options.tell });
  return order;
}

/**
 * Money arrived that the order could not take (it was cancelled, the amount was wrong, its
 * discount was used elsewhere): the order is flagged until the money is given back. `note`, when
 * given, is what the admin's list shows as the reason.
 */
export async function flagRefundDue(
  tx: Tx,
  orderId: string,
  actor: Actor,
  reason: string,
  note?: string,
): Promise<void> {
  await change(tx, {
    orderId,
    transition: "flag-refund-due",
    set: { refundDue: true, ...(note === undefined ? {} : { paymentError: note }) },
    actor,
    action: "order.refund_due",
    reason,
  });
}

/**
 * The money of an order that was never paid (cancelled, or flagged) went back to the customer, who
 * is told (when the shop's brand is given).
 */
export async function settleRefund(
  tx: Tx,
  orderId: string,
  actor: Actor,
  note: string,
  brand?: Brand,
): Promise<void> {
  const { after } = await change(tx, {
    orderId,
    transition: "settle-refund",
    set: { refundDue: false, paymentError: note },
    actor,
    action: "order.refund_settled",
    reason: note,
  });
  await publishOrderEvent(tx, { type: "refund-settled", order: after, brand });
}

/**
 * Records money the provider gave back for an order (server/orders/order-refunds.ts, once the provider
 * made the refund), whatever became of the order meanwhile: the money made is money the order
 * records. It adds to what was refunded; the refund that reaches the total makes the order
 * refunded, or cancelled when the admin cancelled a paid order that had not left. The units in
 * `restock` go back on sale (a cancelled order's are all released). When the order could not take
 * the refund as asked (it was no longer paid, or the provider gave back more than was left), the
 * money is still recorded, and `attention` says what differs, for the admin's overview.
 */
export async function applyRefund(
  tx: Tx,
  orderId: string,
  actor: Actor,
  refund: {
    amountPence: number;
    /** The units going back on sale with it (a cancellation releases all still out). */
    restock: readonly RestockLine[] | "all";
    cancel: boolean;
    /** What the money is for (its credit note's lines); none: money only. */
    credit?: Credit;
    reason: string | null;
    /** The part of the amount going back to the order's gift card, not through the provider. */
    giftCardPence?: number;
  },
  options: { brand: Brand; now?: Date },
): Promise<{ order: Order; attention: string | null }> {
  const now = options.now ?? new Date();
  const before = await lockOrder(tx, orderId);
  const problems: string[] = [];
  const room = before.totalPence - before.refundedPence;
  const taken = Math.min(refund.amountPence, room);
  if (taken < refund.amountPence) {
    problems.push(
      `The provider gave back ${formatPence(refund.amountPence - taken)} more than was left of the order's total.`,
    );
  }
  const refundedPence = before.refundedPence + taken;
  const whole = refundedPence === before.totalPence;
  const cancels = refund.cancel && allows("cancel-paid", before.status) && whole;
  if (refund.cancel && !cancels) {
    problems.push(`The order was ${before.status} by then, so it was not cancelled.`);
  }
  if (!allows("refund-in-part", before.status) && !cancels) {
    problems.push(`The order was ${before.status} when the refund was recorded.`);
  }
  const to = cancels
    ? statusAfter("cancel-paid")
    : whole && allows("refund-in-full", before.status)
      ? statusAfter("refund-in-full")
      : undefined;
  const set = {
    refundedPence,
    refundDue: false,
    ...(to ? { status: to } : {}),
    ...(whole && !before.refundedAt ? { refundedAt: now } : {}),
    ...(cancels ? { cancelledAt: now } : {}),
  };
  const [after] = await tx.update(orders).set(set).where(eq(orders.id, orderId)).returning();
  if (!after) throw new Error("the locked order was not updated");
  const attention = problems.length > 0 ? problems.join(" ") : null;
  const fields = Object.keys(set);
  await recordAudit(tx, {
    actor,
    action: cancels ? "order.cancelled" : whole ? "order.refunded" : "order.refunded_in_part",
    entity: { type: "order", id: orderId },
    before: pick(before, fields),
    after: pick(after, fields),
    reason: [refund.reason, attention].filter(Boolean).join(" ") || null,
  });
  const stock = { orderId, actor, reason: refund.reason };
  if (cancels) {
    await releaseOrderStock(tx, stock);
    // A cancelled order gives its code's use back, paid or not (docs/decisions/043).
    await releaseCodeUse(tx, orderId, now);
  } else if (refund.restock === "all" || refund.restock.length > 0) {
    await restockOrder(tx, stock, refund.restock);
  }
  if (taken > 0) {
    await publishOrderEvent(tx, {
      type: "money-back",
      order: after,
      amountPence: taken,
      cancelled: cancels,
      credit: refund.credit ?? { items: [], delivery: false },
      reason: refund.reason,
      brand: options.brand,
      actor,
      giftCardPence: Math.min(refund.giftCardPence ?? 0, taken),
    });
  }
  return { order: after, attention };
}

const REFUND_UNDER_WAY =
  "A refund of this order is under way: it cannot be fulfilled until the payment provider has answered.";

/**
 * The parcel left: paid → fulfilled, with the carrier and tracking number when known. With a
 * brand, the customer is told by email (through the outbox, in the same transaction).
 */
export async function markFulfilled(
  tx: Tx,
  orderId: string,
  actor: Actor,
  shipment: {
    carrier?: string | null;
    trackingNumber?: string | null;
    now?: Date;
    brand?: Brand;
    expectedStatus?: OrderStatus | undefined;
  } = {},
): Promise<Order> {
  const { after } = await change(tx, {
    orderId,
    transition: "fulfil",
    expected: shipment.expectedStatus,
    // A cancellation's refund under way must not be outrun by the parcel.
    guard: async (order) => {
      if ((await refundsUnderWayPence(tx, order.id)) > 0) {
        throw new DomainError("CONFLICT", REFUND_UNDER_WAY);
      }
    },
    set: {
      fulfilledAt: shipment.now ?? new Date(),
      carrier: shipment.carrier ?? null,
      trackingNumber: shipment.trackingNumber ?? null,
    },
    actor,
    action: "order.fulfilled",
  });
  await publishOrderEvent(tx, { type: "fulfilled", order: after, brand: shipment.brand });
  return after;
}

/**
 * The parcel arrived: fulfilled → delivered. With the shop's brand, the customer is asked (once:
 * this transition happens once) to review what they bought; an order without an account (its
 * customer deleted it) is not.
 */
export async function markDelivered(
  tx: Tx,
  orderId: string,
  actor: Actor,
  options: { now?: Date; brand?: Brand; expectedStatus?: OrderStatus | undefined } = {},
): Promise<Order> {
  const { after } = await change(tx, {
    orderId,
    transition: "deliver",
    expected: options.expectedStatus,
    set: { deliveredAt: options.now ?? new Date() },
    actor,
    action: "order.delivered",
  });
  await publishOrderEvent(tx, { type: "delivered", order: after, brand: options.brand });
  return after;
}
