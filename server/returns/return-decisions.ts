import { and, eq, inArray } from "drizzle-orm";
import { formatPence } from "../../common/money";
import { formatOrderNumber } from "../../common/orders/order-number";
import { formatReturnNumber, returnValuePence } from "../../common/returns/returns";
import { adminActor, recordAudit } from "../audit/audit-log";
import type { Database } from "../db/database";
import { queueEmail } from "../email/outbox";
import { returnApprovedEmail, returnRejectedEmail } from "../email/return-templates";
import { DomainError } from "../errors";
import { logger } from "../logger";
import { completeRefund, refundOrder, startRefund } from "../orders/order-refunds";
import { orders } from "../orders/schema";
import { providerNamed } from "../payments/payments";
import { type Credit, refunds } from "../payments/schema";
import { emailBrand, getShopSettings } from "../settings/shop-settings";
import type { RestockLine } from "../stock/stock-service";
import { returnAddress, returnsOfOrder } from "./returns";
import { returns } from "./schema";

// The admin's side of a return (docs/decisions/047-returns.md): approve it (the customer is told
// how to send it back), reject it with a word why, and, once the parcel is back, mark it received,
// which refunds it through the order's one refund path (server/orders/order-refunds.ts), the units
// that can be sold again put back in stock. Each is decided under the order's lock, as every
// writer of an order is, and recorded on the order's history with the admin's id.

type Decision = { adminId: string; orderId: string; returnId: string; message: string | null };

/** The order and its return, locked in that order; refused when the return is not `status`. */
async function lockedReturn(tx: Database, decision: Decision, status: "requested" | "approved") {
  const [order] = await tx
    .select()
    .from(orders)
    .where(eq(orders.id, decision.orderId))
    .for("update");
  if (!order) throw new DomainError("NOT_FOUND", "Order not found.");
  const [row] = await tx
    .select()
    .from(returns)
    .where(and(eq(returns.id, decision.returnId), eq(returns.orderId, order.id)))
    .for("update");
  if (!row) throw new DomainError("NOT_FOUND", "Return not found.");
  if (row.status !== status) {
    throw new DomainError(
      "CONFLICT",
      `Return ${formatReturnNumber(row.number)} is ${row.status} now: reload the order to see it.`,
    );
  }
  const [view] = (await returnsOfOrder(tx, order.id)).filter((each) => each.id === row.id);
  if (!view) throw new Error("the return vanished under its lock");
  return { order, row, view };
}

const emailInput = (
  order: typeof orders.$inferSelect,
  view: Awaited<ReturnType<typeof returnsOfOrder>>[number],
  message: string | null,
) => ({
  orderId: order.id,
  orderNumber: formatOrderNumber(order.number),
  returnNumber: view.number,
  customerName: order.customerFullName,
  items: view.items.map((item) => `${item.quantity} × ${item.name}`),
  adminMessage: message,
});

export async function approveReturn(db: Database, decision: Decision) {
  const [brand, settings] = await Promise.all([emailBrand(db), getShopSettings(db)]);
  return db.transaction(async (tx) => {
    const { order, row, view } = await lockedReturn(tx, decision, "requested");
    await tx
      .update(returns)
      .set({ status: "approved", adminMessage: decision.message, decidedAt: new Date() })
      .where(eq(returns.id, row.id));
    // An order whose customer deleted their account has no one to write to.
    if (order.userId) {
      await queueEmail(
        tx,
        "return-approved",
        returnApprovedEmail(brand, order.customerEmail, {
          ...emailInput(order, view, decision.message),
          returnAddress: returnAddress(settings),
        }),
      );
    }
    await recordAudit(tx, {
      actor: adminActor(decision.adminId),
      action: "order.return_approved",
      entity: { type: "order", id: order.id },
      after: { returnId: row.id },
      reason: [formatReturnNumber(row.number), decision.message].filter(Boolean).join(": "),
    });
  });
}

export async function rejectReturn(db: Database, decision: Decision) {
  if (!decision.message)
    throw new DomainError("BAD_REQUEST", "Tell the customer why.", "rejectMessage");
  const brand = await emailBrand(db);
  return db.transaction(async (tx) => {
    const { order, row, view } = await lockedReturn(tx, decision, "requested");
    await tx
      .update(returns)
      .set({ status: "rejected", adminMessage: decision.message, decidedAt: new Date() })
      .where(eq(returns.id, row.id));
    if (order.userId) {
      await queueEmail(
        tx,
        "return-rejected",
        returnRejectedEmail(brand, order.customerEmail, emailInput(order, view, decision.message)),
      );
    }
    await recordAudit(tx, {
      actor: adminActor(decision.adminId),
      action: "order.return_rejected",
      entity: { type: "order", id: order.id },
      after: { returnId: row.id },
      reason: `${formatReturnNumber(row.number)}: ${decision.message}`,
    });
  });
}

/** What a return's refund is for: its units and, when it goes back too, the delivery. */
function returnCredit(
  items: readonly { orderItemId: string; quantity: number }[],
  delivery: boolean,
): Credit {
  return {
    items: items.map((item) => ({ orderItemId: item.orderItemId, quantity: item.quantity })),
    delivery,
  };
}

export type Receipt = {
  /** The items' value, or all that is left of the order. */
  refund: "items" | "full";
  includeDelivery: boolean;
  /** The units that came back fit to sell again. */
  restock: readonly RestockLine[];
  expectedStatus?: (typeof orders.$inferSelect)["status"] | undefined;
};

/**
 * The parcel is back: the return is marked received with the refund it asks for, then that
 * refund goes through the order's refund path. A refund the provider refuses leaves the return
 * received, for `refundReturn` to try again.
 */
export async function receiveReturn(
  db: Database,
  decision: Omit<Decision, "message">,
  receipt: Receipt,
) {
  const started = await db.transaction(async (tx) => {
    const { order, row, view } = await lockedReturn(tx, { ...decision, message: null }, "approved");
    const returned = new Map<string, number>();
    for (const item of view.items)
      returned.set(item.variantId, (returned.get(item.variantId) ?? 0) + item.quantity);
    for (const line of receipt.restock) {
      if (line.quantity > (returned.get(line.variantId) ?? 0))
        throw new DomainError(
          "BAD_REQUEST",
          "Put back in stock no more than came back in the return.",
          "restock",
        );
    }
    const left = order.totalPence - order.refundedPence;
    const value =
      receipt.refund === "full"
        ? left
        : Math.min(left, returnValuePence(order, view.items, receipt.includeDelivery));
    if (value <= 0) throw new DomainError("CONFLICT", "This order has nothing left to refund.");
    await tx
      .update(returns)
      .set({
        status: "received",
        receivedAt: new Date(),
        refundPence: value,
        includesDelivery: receipt.refund === "full" || receipt.includeDelivery,
      })
      .where(eq(returns.id, row.id));
    await recordAudit(tx, {
      actor: adminActor(decision.adminId),
      action: "order.return_received",
      entity: { type: "order", id: order.id },
      after: { returnId: row.id, refundPence: value },
      reason: `${formatReturnNumber(row.number)}: refund of ${formatPence(value)}.`,
    });
    // The refund starts in this transaction: received and refund under way together, or neither
    // (another admin's refund got there first, say), never a return received without its refund.
    return startRefund(tx, {
      orderId: decision.orderId,
      adminId: decision.adminId,
      amountPence: value,
      restock: receipt.restock,
      reason: `Return ${formatReturnNumber(row.number)}`,
      expectedStatus: receipt.expectedStatus,
      returnId: decision.returnId,
      credit: returnCredit(view.items, receipt.refund === "full" || receipt.includeDelivery),
      priced: true,
      cancel: false,
    });
  });
  await completeRefund(db, providerNamed, logger, started, decision);
}

/** A received return whose refund failed: its refund asked for again, as it was. */
export async function refundReturn(db: Database, decision: Omit<Decision, "message">) {
  const [row] = await db
    .select()
    .from(returns)
    .where(and(eq(returns.id, decision.returnId), eq(returns.orderId, decision.orderId)));
  if (row?.status !== "received" || !row.refundPence)
    throw new DomainError("NOT_FOUND", "Return not found.");
  const made = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.returnId, row.id), inArray(refunds.status, ["pending", "succeeded"])));
  if (made.length > 0)
    throw new DomainError("CONFLICT", "This return's refund is made or under way already.");
  await refundOrder(db, providerNamed, logger, {
    orderId: decision.orderId,
    adminId: decision.adminId,
    amountPence: row.refundPence,
    restock: [],
    reason: `Return ${formatReturnNumber(row.number)}`,
    returnId: row.id,
    credit: returnCredit(
      (await returnsOfOrder(db, decision.orderId)).find((each) => each.id === row.id)?.items ?? [],
      row.includesDelivery ?? false,
    ),
    priced: true,
  });
}
