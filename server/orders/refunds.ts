import { and, asc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { formatPence } from "../../app/lib/money";
import { type Actor, adminActor } from "../audit/audit-log";
import type { Database } from "../db/database";
import { orders, refunds } from "../db/schema/orders";
import { DomainError } from "../errors";
import type { Logger } from "../logger";
import { type PaymentProvider, PaymentProviderError } from "../payments/provider";
import { type RestockLine, unitsStillOut } from "../stock/stock-service";
import { applyRefund, cancelOrder } from "./order-state";

// The admin's refunds and cancellations (DESIGN §5): money goes back through the provider the order
// was paid with, in full or in part, and only then is the order changed. Each refund is a row
// written `pending` before the provider is asked, its id the provider's idempotency key: a refund
// retried after a crash or a timeout is never made twice, and what the provider refused is kept
// with its message. A row a crash left `pending` (the provider asked, the answer never recorded)
// is finished by a background round (`finishStaleRefunds`): the provider is asked again with the
// same key, which it answers with the refund it already made.

export type ProviderLookup = (name: string) => PaymentProvider | null;

type RefundRequest = {
  orderId: string;
  adminId: string;
  /** Pence to give back; the whole of what is left when not given. */
  amountPence?: number;
  /** The units to put back on sale once the money is back (none: the goods stay sold). */
  restock: readonly RestockLine[];
  reason: string | null;
};

const REFUNDABLE = ["paid", "fulfilled", "delivered"] as const;

/** What an order has left to refund: its total less refunds made and refunds under way. */
async function refundableOrder(tx: Database, orderId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!order) throw new DomainError("NOT_FOUND", "Order not found.");
  const [pending] = await tx
    .select({ pence: sql<number>`coalesce(sum(${refunds.amountPence}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, "pending")));
  return { order, left: order.totalPence - order.refundedPence - (pending?.pence ?? 0) };
}

/**
 * The units asked to go back on sale, checked against the order: each a variant it took, never
 * more than it took and has not put back already. Lines of nothing are dropped.
 */
async function checkRestock(
  tx: Database,
  orderId: string,
  lines: readonly RestockLine[],
): Promise<RestockLine[]> {
  const asked = lines.filter((line) => line.quantity !== 0);
  if (asked.length === 0) return [];
  const out = await unitsStillOut(tx, orderId);
  for (const line of asked) {
    const still = out.get(line.variantId);
    if (still === undefined)
      throw new DomainError("BAD_REQUEST", "That item is not in this order.");
    if (!Number.isInteger(line.quantity) || line.quantity < 0 || line.quantity > still) {
      throw new DomainError(
        "BAD_REQUEST",
        still === 0
          ? "That item is back in stock already."
          : `At most ${still} of that item can go back in stock.`,
      );
    }
  }
  return asked.map((line) => ({ variantId: line.variantId, quantity: line.quantity }));
}

async function refund(
  db: Database,
  providerFor: ProviderLookup,
  logger: Logger,
  request: RefundRequest & { cancel: boolean },
) {
  const actor = adminActor(request.adminId);
  const started = await db.transaction(async (tx) => {
    const { order, left } = await refundableOrder(tx, request.orderId);
    const allowed: readonly string[] = request.cancel ? ["paid"] : REFUNDABLE;
    if (!allowed.includes(order.status)) {
      const verb = request.cancel ? "cancelled" : "refunded";
      throw new DomainError("CONFLICT", `This order is ${order.status}: it cannot be ${verb}.`);
    }
    if (!order.paymentProvider || !order.providerIntentId) {
      throw new DomainError("CONFLICT", "This order has no payment to refund.");
    }
    const amountPence = request.amountPence ?? left;
    if (left <= 0) throw new DomainError("CONFLICT", "This order has nothing left to refund.");
    if (!Number.isInteger(amountPence) || amountPence <= 0 || amountPence > left) {
      throw new DomainError("BAD_REQUEST", `Refund between £0.01 and ${formatPence(left)}.`);
    }
    if (request.cancel && amountPence !== order.totalPence - order.refundedPence) {
      throw new DomainError("CONFLICT", "A cancelled order is refunded in full.");
    }
    const restockItems = await checkRestock(tx, order.id, request.restock);
    const [row] = await tx
      .insert(refunds)
      .values({
        orderId: order.id,
        amountPence,
        restock: restockItems.length > 0,
        restockItems,
        provider: order.paymentProvider,
        cancelsOrder: request.cancel,
        reason: request.reason,
        adminId: request.adminId,
      })
      .returning();
    if (!row) throw new Error("the refund insert returned nothing");
    return { refund: row, intentId: order.providerIntentId };
  });

  try {
    await askProvider(providerFor, started.refund, started.intentId);
  } catch (error) {
    const message =
      error instanceof PaymentProviderError
        ? error.message
        : "The payment provider could not be reached.";
    logger.warn({ err: error, orderId: request.orderId }, "refund refused by the provider");
    await failRefund(db, started.refund.id, message);
    throw new DomainError("UNAVAILABLE", `The refund failed: ${message}`);
  }
  return settleRefundRow(db, started.refund, actor);
}

type RefundRow = typeof refunds.$inferSelect;

/** Asks the refund's provider to give the money back; the row's id is the idempotency key. */
async function askProvider(providerFor: ProviderLookup, row: RefundRow, intentId: string) {
  const provider = providerFor(row.provider);
  if (!provider) {
    throw new PaymentProviderError(`The ${row.provider} payment provider is not configured here.`);
  }
  await provider.refundIntent(intentId, `refund-${row.id}`, row.amountPence);
}

function failRefund(db: Database, id: string, message: string) {
  return db
    .update(refunds)
    .set({ status: "failed", error: message })
    .where(and(eq(refunds.id, id), eq(refunds.status, "pending")));
}

/**
 * Records a refund the provider made: the row succeeds and the order takes the money off, in one
 * transaction, once (a row already settled, by the request or by the round that finishes stale
 * refunds, is left alone).
 */
function settleRefundRow(db: Database, row: RefundRow, actor: Actor) {
  return db.transaction(async (tx) => {
    const [settled] = await tx
      .update(refunds)
      .set({ status: "succeeded" })
      .where(and(eq(refunds.id, row.id), eq(refunds.status, "pending")))
      .returning({ id: refunds.id });
    if (!settled) return null;
    return applyRefund(tx, row.orderId, actor, {
      amountPence: row.amountPence,
      // A row from before restock_items said only yes or no: yes put back all still out.
      restock: row.restockItems.length > 0 ? row.restockItems : row.restock ? "all" : [],
      cancel: row.cancelsOrder,
      reason: row.reason,
    });
  });
}

/** A pending refund untouched this long is taken to be a crash's, not a request still running. */
const STALE_AFTER_MS = 5 * 60_000;
/**
 * Stripe keeps an idempotency key for 24 hours: asked again after that, it would make a second
 * refund. Older unfinished refunds are left to the admin (the order's page lists them).
 */
const RETRY_WITHIN_MS = 23 * 60 * 60_000;
const STALE_BATCH = 20;

/**
 * Finishes refunds a crash left pending: each is claimed (FOR UPDATE SKIP LOCKED, its updated_at
 * moved on as a lease, so instances never take the same one), the provider asked again with the
 * same key, and the answer recorded as the request would have. A refusal fails the row; a
 * provider that cannot be reached leaves it for a later round.
 */
export async function finishStaleRefunds(
  db: Database,
  providerFor: ProviderLookup,
  logger: Logger,
  now: Date = new Date(),
): Promise<{ settled: number; failed: number; waiting: number }> {
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(
        and(
          eq(refunds.status, "pending"),
          lt(refunds.updatedAt, new Date(now.getTime() - STALE_AFTER_MS)),
          gt(refunds.createdAt, new Date(now.getTime() - RETRY_WITHIN_MS)),
        ),
      )
      .orderBy(asc(refunds.updatedAt))
      .limit(STALE_BATCH)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(refunds)
      .set({ updatedAt: now })
      .where(
        inArray(
          refunds.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
  const result = { settled: 0, failed: 0, waiting: 0 };
  for (const row of claimed) {
    const [order] = await db
      .select({ intentId: orders.providerIntentId })
      .from(orders)
      .where(eq(orders.id, row.orderId));
    try {
      if (!order?.intentId) throw new PaymentProviderError("This order has no payment to refund.");
      await askProvider(providerFor, row, order.intentId);
    } catch (error) {
      if (error instanceof PaymentProviderError) {
        await failRefund(db, row.id, error.message);
        result.failed++;
      } else {
        result.waiting++;
      }
      logger.warn(
        { err: error, refundId: row.id, orderId: row.orderId },
        "an unfinished refund could not be finished",
      );
      continue;
    }
    await settleRefundRow(db, row, adminActor(row.adminId));
    result.settled++;
    logger.info(
      { refundId: row.id, orderId: row.orderId },
      "finished a refund a crash had left pending",
    );
  }
  return result;
}

/** Gives back part or all of a paid order's money through its provider, then records it. */
export function refundOrder(
  db: Database,
  providerFor: ProviderLookup,
  logger: Logger,
  request: RefundRequest,
) {
  return refund(db, providerFor, logger, { ...request, cancel: false });
}

/**
 * The admin cancels an order that has not left: a pending one is cancelled as the shop cancels
 * one (stock released, its intent cancelled); a paid one is refunded in full, then cancelled with
 * its stock released. A fulfilled or later order is refused (refund it instead).
 */
export async function cancelOrderAsAdmin(
  db: Database,
  providerFor: ProviderLookup,
  logger: Logger,
  request: { orderId: string; adminId: string; reason: string | null },
) {
  const [order] = await db
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, request.orderId));
  if (!order) throw new DomainError("NOT_FOUND", "Order not found.");
  if (order.status === "pending") {
    return db.transaction((tx) =>
      cancelOrder(
        tx,
        request.orderId,
        adminActor(request.adminId),
        request.reason ?? "Cancelled by the shop.",
      ),
    );
  }
  return refund(db, providerFor, logger, { ...request, restock: [], cancel: true });
}
