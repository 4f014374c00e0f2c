import { and, asc, eq, isNotNull, lt, or } from "drizzle-orm";
import type { RefundToCheck } from "../../common/orders/order-types";
import { adminActor, recordAudit } from "../audit/audit-log";
import type { Database } from "../db/database";
import { DomainError } from "../errors";
import {
  failRefund,
  RETRY_WITHIN_MS,
  STALE_AFTER_MS,
  setRefundAttention,
} from "../payments/refunds";
import { refunds } from "../payments/schema";
import { settleRefundRow } from "./order-refunds";
import { orders } from "./schema";

// Refunds the admin must look at: listed for the overview, and settled by hand when the provider
// never answered or answered differently (./order-refunds.ts says how a refund goes).

export type RefundResolution = "made" | "not-made" | "checked";

const NOT_MADE = "Recorded by the admin as not made by the provider.";
const MADE = "Recorded by the admin as made by the provider.";

/**
 * The admin settles a refund the shop could not: one the provider never confirmed (checked in
 * the provider's dashboard: it was made, or it was not), or one recorded with a difference they
 * have now looked at. Only a refund flagged for them can be; each is in the order's history.
 */
export async function resolveRefund(
  db: Database,
  request: { orderId: string; refundId: string; adminId: string; outcome: RefundResolution },
): Promise<void> {
  const actor = adminActor(request.adminId);
  const row = await db.transaction(async (tx) => {
    await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.id, request.orderId))
      .for("update");
    const [found] = await tx
      .select()
      .from(refunds)
      .where(
        and(
          eq(refunds.id, request.refundId),
          eq(refunds.orderId, request.orderId),
          isNotNull(refunds.attention),
        ),
      );
    const waiting = request.outcome === "checked" ? "succeeded" : "pending";
    if (found?.status !== waiting) {
      throw new DomainError("CONFLICT", "This refund does not need that any more.");
    }
    if (request.outcome === "made") return found;
    if (request.outcome === "not-made") await failRefund(tx, found.id, NOT_MADE);
    else await setRefundAttention(tx, found.id, null);
    await recordAudit(tx, {
      actor,
      action: request.outcome === "not-made" ? "order.refund_not_made" : "order.refund_checked",
      entity: { type: "order", id: request.orderId },
      before: { refund: found.id, status: found.status, amountPence: found.amountPence },
      after: { refund: found.id, status: request.outcome === "not-made" ? "failed" : found.status },
      reason: found.attention,
    });
    return null;
  });
  if (row) await settleRefundRow(db, row, actor, MADE);
}

/**
 * The refunds the admin should know of, oldest first: asked of the provider minutes ago and not
 * answered yet (the shop asks again until `retryUntil`), or flagged for them (`attention`).
 */
export async function listRefundsToCheck(
  db: Database,
  now: Date = new Date(),
  limit = 50,
): Promise<RefundToCheck[]> {
  const rows = await db
    .select({
      id: refunds.id,
      orderId: refunds.orderId,
      orderNumber: orders.number,
      amountPence: refunds.amountPence,
      status: refunds.status,
      cancelsOrder: refunds.cancelsOrder,
      attention: refunds.attention,
      createdAt: refunds.createdAt,
      customerEmail: orders.customerEmail,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(
      or(
        isNotNull(refunds.attention),
        and(
          eq(refunds.status, "pending"),
          lt(refunds.createdAt, new Date(now.getTime() - STALE_AFTER_MS)),
        ),
      ),
    )
    .orderBy(asc(refunds.createdAt), asc(refunds.id))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    retryUntil: new Date(row.createdAt.getTime() + RETRY_WITHIN_MS),
  }));
}
