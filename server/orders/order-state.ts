import { and, eq, inArray, sql } from "drizzle-orm";
import { formatPence } from "../../shared/money";
import { type Actor, recordAudit } from "../audit/audit-log";
import type { Database } from "../db/database";
import { type OrderStatus, orderItems, orders, refunds } from "../db/schema/orders";
import { queueEmail } from "../email/outbox";
import {
  type Brand,
  cancelledOrderPaymentEmail,
  orderCancelledEmail,
  orderConfirmationEmail,
  orderRefundedEmail,
  orderShippedEmail,
  reviewRequestEmail,
} from "../email/templates";
import { DomainError } from "../errors";
import { queuePaymentTask } from "../payments/payment-task-queue";
import {
  type ReservedLine,
  type RestockLine,
  releaseOrderStock,
  reserveStock,
  restockOrder,
} from "../stock/stock-service";

// The one writer of orders (docs/architecture.md §6). Every change of an order's state is a function here: it
// locks the order, refuses a transition its status does not allow with a DomainError, makes the
// change with an update guarded by the same statuses, and writes an audit row (who, what, before,
// after), all in the caller's transaction. The lifecycle:
//
//   pending ──paid──> paid ──fulfilled──> fulfilled ──delivered──> delivered
//      │                │ └─────────────┴──────────refunded───────────┴──> refunded
//      │                └──cancelled (by the admin: refunded in full, stock released)
//      └──cancelled (stock released, the provider's intent cancelled)
//
// A refund in part keeps the status and adds to refunded_pence; the refund that reaches the total
// makes the order refunded. While a refund is asked of the provider and not yet answered (a
// `pending` row in refunds) the order is not fulfilled and no other refund starts, so what the
// provider does is always what the order records.
// Beside the status: money that arrived when it could not be taken flags the order refund-due
// until it is refunded; a declined payment is noted on the pending order; deleting an account
// anonymises its orders.

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
  /** The statuses the order may be in; refused otherwise. */
  from: readonly OrderStatus[];
  /** The new status; none for a change beside the status. */
  to?: OrderStatus;
  /** The fields to change, or a function of the locked order giving them. */
  set?: OrderChanges | ((order: Order) => OrderChanges);
  actor: Actor;
  /** The audit action, `order.<verb>`, and the verb in a refusal ("cannot be paid"). */
  action: string;
  verb: string;
  reason?: string | null;
  /** Extra guard on the locked row, beyond its status. */
  allowed?: (order: Order) => boolean;
  /** The status the admin's page showed: refused if the order has moved on since. */
  expected?: OrderStatus | undefined;
  /** A check of the locked order that reads more than its row; throws a DomainError to refuse. */
  guard?: (order: Order) => Promise<void>;
};

async function change(tx: Tx, spec: Change): Promise<{ before: Order; after: Order }> {
  const before = await lockOrder(tx, spec.orderId);
  expectStatus(before, spec.expected);
  if (!spec.from.includes(before.status) || (spec.allowed && !spec.allowed(before))) {
    throw cannot(before, spec.verb);
  }
  await spec.guard?.(before);
  const changes = typeof spec.set === "function" ? spec.set(before) : spec.set;
  const set = { ...changes, ...(spec.to ? { status: spec.to } : {}) };
  const [after] = await tx
    .update(orders)
    .set(set)
    .where(and(eq(orders.id, spec.orderId), inArray(orders.status, [...spec.from])))
    .returning();
  if (!after) throw cannot(before, spec.verb);
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

export type NewOrder = Omit<typeof orders.$inferInsert, "id" | "status" | "userId"> & {
  userId: string;
};
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, "id" | "orderId">;

/**
 * Records a customer's new order `pending` with its item snapshots and takes its stock (all or
 * nothing: a line short of stock throws OUT_OF_STOCK and the caller's transaction undoes it).
 */
export async function openOrder(
  tx: Tx,
  input: { order: NewOrder; items: (NewOrderItem & { productName: string })[]; actor: Actor },
): Promise<Order> {
  const [order] = await tx
    .insert(orders)
    .values({ ...input.order, status: "pending" })
    .returning();
  if (!order) throw new Error("the order insert returned nothing");
  await tx.insert(orderItems).values(input.items.map((item) => ({ ...item, orderId: order.id })));
  const lines: ReservedLine[] = input.items.map((item) => ({
    variantId: item.variantId,
    quantity: item.quantity,
    productName: item.productName,
  }));
  await reserveStock(tx, { orderId: order.id, lines, actor: input.actor });
  await recordAudit(tx, {
    actor: input.actor,
    action: "order.created",
    entity: { type: "order", id: order.id },
    before: null,
    after: { status: order.status, totalPence: order.totalPence },
  });
  return order;
}

/** The provider's intent for a pending order (the same order always gets the same intent). */
export async function attachPaymentIntent(
  db: Database,
  orderId: string,
  intentId: string,
): Promise<void> {
  await db
    .update(orders)
    .set({ providerIntentId: intentId })
    .where(and(eq(orders.id, orderId), eq(orders.status, "pending")));
}

/** The money arrived: pending → paid, and the confirmation email queued. */
export async function markPaid(
  tx: Tx,
  orderId: string,
  actor: Actor,
  options: { brand: Brand; now?: Date; cardLast4?: string | null },
): Promise<Order> {
  const { after: order } = await change(tx, {
    orderId,
    from: ["pending"],
    to: "paid",
    set: {
      paidAt: options.now ?? new Date(),
      paymentError: null,
      cardLast4: options.cardLast4 ?? null,
    },
    actor,
    action: "order.paid",
    verb: "paid",
  });
  const items = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(orderItems.productName);
  await queueEmail(
    tx,
    "order-confirmation",
    orderConfirmationEmail(options.brand, order.customerEmail, {
      orderId: order.id,
      customerName: order.customerFullName,
      items: items.map((item) => ({
        name: item.productName,
        variantName: item.variantName,
        quantity: item.quantity,
        unitPricePence: item.unitPricePence,
      })),
      subtotalPence: order.subtotalPence,
      discountPence: order.discountPence,
      shippingPence: order.shippingPence,
      vatPence: order.vatPence,
      totalPence: order.totalPence,
      shippingAddress: order.shippingAddress,
    }),
  );
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
    from: ["pending"],
    set: { paymentError: message },
    actor,
    action: "order.payment_failed",
    verb: "charged",
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
    from: ["pending"],
    to: "cancelled",
    set: { cancelledAt: now, paymentError: reason },
    actor,
    action: "order.cancelled",
    verb: "cancelled",
    reason,
  });
  await releaseOrderStock(tx, { orderId, actor, reason });
  if (order.paymentProvider && order.providerIntentId) {
    await queuePaymentTask(tx, {
      orderId,
      kind: "cancel-intent",
      provider: order.paymentProvider,
      intentId: order.providerIntentId,
    });
  }
  // The shop's own cancellation is told; an abandoned checkout's expiry or replacement is not.
  if (options.tell && order.userId) {
    await queueEmail(
      tx,
      "order-cancelled",
      orderCancelledEmail(options.tell, order.customerEmail, {
        ...moneyBackOf(order),
        amountPence: null,
      }),
    );
  }
  return order;
}

/** What the customer's emails about money say of an order. */
const moneyBackOf = (order: Order) => ({
  orderId: order.id,
  customerName: order.customerFullName,
  refundedPence: order.refundedPence,
  totalPence: order.totalPence,
  cardLast4: order.cardLast4,
});

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
    from: ["pending", "cancelled", "paid", "fulfilled", "delivered"],
    set: { refundDue: true, ...(note === undefined ? {} : { paymentError: note }) },
    actor,
    action: "order.refund_due",
    verb: "flagged for a refund",
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
    from: ["pending", "cancelled"],
    set: { refundDue: false, paymentError: note },
    actor,
    action: "order.refund_settled",
    verb: "settled",
    reason: note,
  });
  if (brand) await tellOfCancelledOrderPayment(tx, after, brand, { refunded: true });
}

/**
 * Tells the customer what became of money that arrived for an order already cancelled: refunded
 * automatically, or not (the shop will see to it). Not an order whose account was deleted.
 */
export async function tellOfCancelledOrderPayment(
  tx: Tx,
  order: Order,
  brand: Brand,
  outcome: { refunded: boolean },
): Promise<void> {
  if (!order.userId) return;
  await queueEmail(
    tx,
    outcome.refunded ? "order-refunded" : "refund-failed",
    cancelledOrderPaymentEmail(brand, order.customerEmail, {
      orderId: order.id,
      customerName: order.customerFullName,
      cardLast4: order.cardLast4,
      refunded: outcome.refunded,
    }),
  );
}

const MONEY_HELD = ["paid", "fulfilled", "delivered"] as const satisfies readonly OrderStatus[];
const holdsMoney = (status: OrderStatus) => (MONEY_HELD as readonly OrderStatus[]).includes(status);

/**
 * Records money the provider gave back for an order (server/orders/refunds.ts, once the provider
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
    reason: string | null;
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
  const cancels = refund.cancel && before.status === "paid" && whole;
  if (refund.cancel && !cancels) {
    problems.push(`The order was ${before.status} by then, so it was not cancelled.`);
  }
  if (!holdsMoney(before.status) && !cancels) {
    problems.push(`The order was ${before.status} when the refund was recorded.`);
  }
  const to: OrderStatus | undefined = cancels
    ? "cancelled"
    : whole && holdsMoney(before.status)
      ? "refunded"
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
  if (cancels) await releaseOrderStock(tx, stock);
  else if (refund.restock === "all" || refund.restock.length > 0) {
    await restockOrder(tx, stock, refund.restock);
  }
  // The customer hears of money going back (not an order whose account was deleted).
  if (after.userId && taken > 0) {
    const money = { ...moneyBackOf(after), amountPence: taken };
    await queueEmail(
      tx,
      cancels ? "order-cancelled" : "order-refunded",
      cancels
        ? orderCancelledEmail(options.brand, after.customerEmail, money)
        : orderRefundedEmail(options.brand, after.customerEmail, money),
    );
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
    from: ["paid"],
    to: "fulfilled",
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
    verb: "fulfilled",
  });
  if (shipment.brand) {
    await queueEmail(
      tx,
      "order-shipped",
      orderShippedEmail(shipment.brand, after.customerEmail, {
        orderId: after.id,
        customerName: after.customerFullName,
        carrier: after.carrier,
        trackingNumber: after.trackingNumber,
      }),
    );
  }
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
    from: ["fulfilled"],
    to: "delivered",
    expected: options.expectedStatus,
    set: { deliveredAt: options.now ?? new Date() },
    actor,
    action: "order.delivered",
    verb: "delivered",
  });
  if (options.brand && after.userId) {
    const products = await tx
      .selectDistinctOn([orderItems.productId], {
        id: orderItems.productId,
        name: orderItems.productName,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, after.id))
      .orderBy(orderItems.productId);
    await queueEmail(
      tx,
      "review-request",
      reviewRequestEmail(options.brand, after.customerEmail, {
        orderId: after.id,
        customerName: after.customerFullName,
        products,
      }),
    );
  }
  return after;
}

const ANONYMISED = {
  customerFullName: "Deleted customer",
  customerEmail: "deleted@invalid",
  customerPhone: "",
  shippingAddress: "Removed at the customer's request",
  notes: null,
} as const;

const ACCOUNT_DELETED = "The customer deleted their account.";

/**
 * A customer deleted their account: an open order is cancelled (its stock back), and every order
 * stays for the shop's accounts without the customer's personal details (docs/architecture.md §5). The audit
 * rows say that the details went, never what they were.
 */
export async function anonymiseCustomerOrders(
  tx: Tx,
  userId: string,
  actor: Actor,
): Promise<number> {
  const own = await tx
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(orders.id)
    .for("update");
  for (const order of own) {
    if (order.status === "pending") await cancelOrder(tx, order.id, actor, ACCOUNT_DELETED);
  }
  for (const order of own) {
    await tx
      .update(orders)
      .set({ userId: null, ...ANONYMISED })
      .where(eq(orders.id, order.id));
    await recordAudit(tx, {
      actor,
      action: "order.anonymised",
      entity: { type: "order", id: order.id },
      before: { userId, personalDetails: "present" },
      after: { userId: null, personalDetails: "removed" },
      reason: ACCOUNT_DELETED,
    });
  }
  return own.length;
}
