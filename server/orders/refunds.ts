import { and, eq, sql } from "drizzle-orm";
import { formatPence } from "../../app/lib/money";
import { adminActor } from "../audit/audit-log";
import type { Database } from "../db/database";
import { orders, refunds } from "../db/schema/orders";
import { DomainError } from "../errors";
import type { Logger } from "../logger";
import { type PaymentProvider, PaymentProviderError } from "../payments/provider";
import { applyRefund, cancelOrder } from "./order-state";

// The admin's refunds and cancellations (DESIGN §5): money goes back through the provider the order
// was paid with, in full or in part, and only then is the order changed. Each refund is a row
// written `pending` before the provider is asked, its id the provider's idempotency key: a refund
// retried after a crash or a timeout is never made twice, and what the provider refused is kept
// with its message.

export type ProviderLookup = (name: string) => PaymentProvider | null;

type RefundRequest = {
  orderId: string;
  adminId: string;
  /** Pence to give back; the whole of what is left when not given. */
  amountPence?: number;
  /** Put the order's items back on sale once the money is back. */
  restock: boolean;
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
    const [row] = await tx
      .insert(refunds)
      .values({
        orderId: order.id,
        amountPence,
        restock: request.restock,
        provider: order.paymentProvider,
        reason: request.reason,
        adminId: request.adminId,
      })
      .returning();
    if (!row) throw new Error("the refund insert returned nothing");
    return { refund: row, intentId: order.providerIntentId };
  });

  const provider = providerFor(started.refund.provider);
  try {
    if (!provider) {
      throw new PaymentProviderError(
        `The ${started.refund.provider} payment provider is not configured here.`,
      );
    }
    await provider.refundIntent(
      started.intentId,
      `refund-${started.refund.id}`,
      started.refund.amountPence,
    );
  } catch (error) {
    const message =
      error instanceof PaymentProviderError
        ? error.message
        : "The payment provider could not be reached.";
    logger.warn({ err: error, orderId: request.orderId }, "refund refused by the provider");
    await db
      .update(refunds)
      .set({ status: "failed", error: message })
      .where(eq(refunds.id, started.refund.id));
    throw new DomainError("UNAVAILABLE", `The refund failed: ${message}`);
  }

  return db.transaction(async (tx) => {
    await tx.update(refunds).set({ status: "succeeded" }).where(eq(refunds.id, started.refund.id));
    return applyRefund(tx, request.orderId, actor, {
      amountPence: started.refund.amountPence,
      restock: request.cancel || request.restock,
      cancel: request.cancel,
      reason: request.reason,
    });
  });
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
  return refund(db, providerFor, logger, { ...request, restock: true, cancel: true });
}
