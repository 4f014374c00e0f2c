import { and, eq, sql } from "drizzle-orm";
import { formatPence } from "../../common/money";
import { type Actor, adminActor } from "../audit/audit-log";
import type { Database } from "../db/database";
import { DomainError } from "../errors";
import type { JobHandler } from "../jobs/job-queue";
import type { Logger } from "../logger";
import { PaymentProviderError } from "../payments/provider";
import { checkCredit, expectAmountCovers, NO_CREDIT } from "../payments/refund-credit";
import {
  askProvider,
  failRefund,
  leaveRefundToAdmin,
  markRefundMade,
  openRefund,
  type ProviderLookup,
  RETRY_WITHIN_MS,
  type RefundRow,
  setRefundAttention,
} from "../payments/refunds";
import type { Credit } from "../payments/schema";
import { refunds } from "../payments/schema";
import { emailBrand } from "../settings/shop-settings";
import { type RestockLine, unitsStillOut } from "../stock/stock-service";
import { publishOrderEvent } from "./order-events";
import { applyRefund, cancelOrder, expectStatus, refundsUnderWayPence } from "./order-state";
import { allows } from "./order-transitions";
import { type OrderStatus, orders } from "./schema";

// The admin's refunds and cancellations (docs/architecture.md#money-flow): the order domain's
// decisions, which call the payment domain for the refund's row and the provider
// (server/payments/refunds.ts; decision record 061). Money goes back through the provider the
// order was paid with, in full or in part, and only then is the order changed. Each refund is a
// row written `pending`, under the order's lock, before the provider is asked; its id is the
// provider's idempotency key, so a refund retried after a crash or a timeout is never made twice.
// While it is pending the order holds still: it is not fulfilled, and no other refund starts
// (order-state.ts), so the order's next state and the refund are one decision. The provider's
// answer then settles the row: a refusal fails it (nothing was done); a refund made is always
// recorded against the order, whatever its state by then, and what the order could not take as
// asked is flagged for the admin (`attention`). An answer that never came (a timeout, a crash)
// leaves the row pending for a background round (`finishStaleRefunds`), which asks again with the
// same key; past the provider's memory of keys the admin records the outcome by hand.

type RefundRequest = {
  orderId: string;
  adminId: string;
  /** Pence to give back: the admin types or confirms it; nothing is refunded by default. */
  amountPence: number;
  /** The units to put back on sale once the money is back (none: the goods stay sold). */
  restock: readonly RestockLine[];
  reason: string | null;
  /** The status the admin's page showed: refused if the order moved on meanwhile. */
  expectedStatus?: OrderStatus | undefined;
  /** The return this refund pays for (server/returns/): its state is this refund's. */
  returnId?: string | undefined;
  /**
   * What the money is for, its credit note's lines (none: money only). As the admin chose it,
   * the amount must cover it; `priced` (the server worked the amount out, as for a return) leaves
   * out what was credited before instead of refusing.
   */
  credit?: Credit | undefined;
  priced?: boolean | undefined;
};

const REFUND_UNDER_WAY =
  "A refund of this order is under way: wait for the payment provider's answer before another.";
const PROVIDER_SILENT =
  "The payment provider did not answer. The refund stays under way and the shop asks again in a few minutes; the order cannot be fulfilled until it is answered.";

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

/**
 * How a refund of `amountPence` splits (decision record 066): the card the provider charged gets
 * back what it paid first, then the gift card the rest. What went back to each so far is read
 * from the order's refunds made (no other is under way: order-state.ts holds one at a time).
 */
async function refundSplit(
  tx: Database,
  order: { id: string; totalPence: number; giftCardPence: number; refundedPence: number },
  amountPence: number,
): Promise<{ providerPence: number; giftCardPence: number }> {
  if (order.giftCardPence === 0) return { providerPence: amountPence, giftCardPence: 0 };
  // Gift card parts only ever go back through the shop's refunds; the rest of what was refunded
  // (a refund made in the provider's dashboard too) went to the provider's card.
  const [back] = await tx
    .select({ giftCard: sql<number>`coalesce(sum(${refunds.giftCardPence}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.orderId, order.id), eq(refunds.status, "succeeded")));
  const providerBack = order.refundedPence - (back?.giftCard ?? 0);
  const providerRoom = Math.max(0, order.totalPence - order.giftCardPence - providerBack);
  const providerPence = Math.min(amountPence, providerRoom);
  return { providerPence, giftCardPence: amountPence - providerPence };
}

type StartedRefund = { refund: RefundRow; intentId: string | null };

/**
 * A refund's first step, in the caller's transaction: under the order's lock, checked, written
 * `pending` with its `finish-refund` follow-up. Once this commits the refund will be finished, by
 * `completeRefund` at once or by its job after a crash: a return received in the same
 * transaction is never left without its refund (server/returns/return-decisions.ts).
 */
export async function startRefund(
  tx: Database,
  request: RefundRequest & { cancel: boolean },
): Promise<StartedRefund> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(eq(orders.id, request.orderId))
    .for("update");
  if (!order) throw new DomainError("NOT_FOUND", "Order not found.");
  expectStatus(order, request.expectedStatus);
  if (!allows(request.cancel ? "cancel-paid" : "refund-in-part", order.status)) {
    const verb = request.cancel ? "cancelled" : "refunded";
    throw new DomainError("CONFLICT", `This order is ${order.status}: it cannot be ${verb}.`);
  }
  if ((await refundsUnderWayPence(tx, order.id)) > 0) {
    throw new DomainError("CONFLICT", REFUND_UNDER_WAY);
  }
  if (!order.paymentProvider) {
    throw new DomainError("CONFLICT", "This order has no payment to refund.");
  }
  const left = order.totalPence - order.refundedPence;
  if (left <= 0) throw new DomainError("CONFLICT", "This order has nothing left to refund.");
  const amountPence = request.amountPence;
  if (request.cancel && amountPence !== left) {
    // The admin confirmed another amount than is left now: a refund in part came between.
    throw new DomainError(
      "CONFLICT",
      `A cancelled order is refunded all that is left, ${formatPence(left)} now: check the order and confirm again.`,
    );
  }
  if (!Number.isInteger(amountPence) || amountPence <= 0 || amountPence > left) {
    throw new DomainError("BAD_REQUEST", `Refund between £0.01 and ${formatPence(left)}.`);
  }
  // The card the provider charged gets its part back first, then the gift card (decision record 066).
  const split = await refundSplit(tx, order, amountPence);
  if (split.providerPence > 0 && !order.providerIntentId) {
    throw new DomainError("CONFLICT", "This order has no payment to refund.");
  }
  const restockItems = await checkRestock(tx, order.id, request.restock);
  const { credit, valuePence } = await checkCredit(
    tx,
    order,
    request.cancel ? "rest" : (request.credit ?? NO_CREDIT),
    request.cancel || request.priced ? "fit" : "exact",
  );
  if (!request.cancel && !request.priced) expectAmountCovers(amountPence, valuePence);
  // What else the money is bound to may refuse it here (the gift cards the order bought).
  await publishOrderEvent(tx, {
    type: "refund-asked",
    order,
    amountPence,
    cancelled: request.cancel,
    credit,
  });
  const row = await openRefund(tx, {
    orderId: order.id,
    amountPence,
    giftCardPence: split.giftCardPence,
    restock: restockItems.length > 0,
    restockItems,
    credit,
    provider: order.paymentProvider,
    cancelsOrder: request.cancel,
    reason: request.reason,
    adminId: request.adminId,
    returnId: request.returnId ?? null,
  });
  return { refund: row, intentId: order.providerIntentId };
}

async function refund(
  db: Database,
  providerFor: ProviderLookup,
  logger: Logger,
  request: RefundRequest & { cancel: boolean },
) {
  const started = await db.transaction((tx) => startRefund(tx, request));
  return completeRefund(db, providerFor, logger, started, request);
}

/**
 * A started refund's provider call and its recording: made, it is settled against the order; a
 * refusal fails it (nothing was given back); no answer leaves it to its `finish-refund` job.
 */
export async function completeRefund(
  db: Database,
  providerFor: ProviderLookup,
  logger: Logger,
  started: StartedRefund,
  request: { orderId: string; adminId: string },
) {
  const actor = adminActor(request.adminId);
  try {
    await askProvider(providerFor, started.refund, started.intentId);
  } catch (error) {
    if (error instanceof PaymentProviderError) {
      // Refused: nothing was given back, and the order may be refunded again.
      logger.warn({ err: error, orderId: request.orderId }, "refund refused by the provider");
      await failRefund(db, started.refund.id, error.message);
      throw new DomainError("UNAVAILABLE", `The refund failed: ${error.message}`);
    }
    // No answer: the provider may have made it. The row stays pending for its `finish-refund` job,
    // which asks again with the same key, and the order holds still until then.
    logger.warn(
      { err: error, orderId: request.orderId, refundId: started.refund.id },
      "the provider did not answer a refund; it is finished in the background",
    );
    throw new DomainError("UNAVAILABLE", PROVIDER_SILENT);
  }
  return (await settleRefundRow(db, started.refund, actor))?.order ?? null;
}

/**
 * Records a refund the provider made: the row succeeds and the order takes the money off, in one
 * transaction, once (a row already settled, by the request or by the round that finishes stale
 * refunds, is left alone). Never refused by the order's state: what the order could not take as
 * asked is kept on the row for the admin.
 */
export async function settleRefundRow(db: Database, row: RefundRow, actor: Actor, note?: string) {
  const brand = await emailBrand(db);
  return db.transaction(async (tx) => {
    // The order first, as every writer of an order and its refunds locks them.
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, row.orderId)).for("update");
    if (!(await markRefundMade(tx, row.id))) return null;
    const applied = await applyRefund(
      tx,
      row.orderId,
      actor,
      {
        amountPence: row.amountPence,
        // A row from before restock_items said only yes or no: yes put back all still out.
        restock: row.restockItems.length > 0 ? row.restockItems : row.restock ? "all" : [],
        cancel: row.cancelsOrder,
        credit: row.credit,
        reason: [row.reason, note].filter(Boolean).join(" ") || null,
        giftCardPence: row.giftCardPence,
      },
      { brand },
    );
    await setRefundAttention(tx, row.id, applied.attention);
    return applied;
  });
}

/** Failed asks before the job is parked; the 23 hours above come first (the delay tops at an hour). */
const FINISH_ATTEMPTS = 40;

/**
 * `finish-refund`: finishes a refund a crash or a timeout left pending. The provider is asked
 * again with the same key and the answer recorded as the request would have: a refusal fails
 * the row; a provider that cannot be reached is asked again later (the queue's growing delay).
 * A row past the provider's memory of keys is flagged for the admin instead (asked again, it
 * could be made twice). A row settled meanwhile needs nothing.
 */
export function finishRefundJob(
  db: Database,
  providerFor: ProviderLookup,
  logger: Logger,
): JobHandler {
  return {
    maxAttempts: FINISH_ATTEMPTS,
    async run(job, { now }) {
      const [row] = await db.select().from(refunds).where(eq(refunds.id, job.subjectId));
      if (row?.status !== "pending" || row.attention) return;
      if (row.createdAt.getTime() <= now.getTime() - RETRY_WITHIN_MS) {
        await leaveRefundToAdmin(db, row.id);
        logger.error(
          { refundId: row.id, orderId: row.orderId },
          "a refund was never confirmed by the provider: left to the admin",
        );
        return;
      }
      const [order] = await db
        .select({ intentId: orders.providerIntentId })
        .from(orders)
        .where(eq(orders.id, row.orderId));
      try {
        await askProvider(providerFor, row, order?.intentId ?? null);
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        await failRefund(db, row.id, error.message);
        logger.warn(
          { err: error, refundId: row.id, orderId: row.orderId },
          "an unfinished refund was refused by the provider",
        );
        return;
      }
      await settleRefundRow(db, row, adminActor(row.adminId));
      logger.info({ refundId: row.id, orderId: row.orderId }, "finished a refund left pending");
      return;
    },
  };
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
 * The admin cancels an order that has not left. A pending one is cancelled as the shop cancels
 * one (stock released, its intent cancelled), decided under the order's lock: had the customer
 * just paid, the admin is told it changed. A paid one is refunded all that is left, the amount the
 * admin confirmed, then cancelled with its stock released. A fulfilled or later order is refused
 * (refund it instead).
 */
export async function cancelOrderAsAdmin(
  db: Database,
  providerFor: ProviderLookup,
  logger: Logger,
  request: {
    orderId: string;
    adminId: string;
    reason: string | null;
    expectedStatus?: OrderStatus | undefined;
    /** For a paid order: the pence the admin confirmed giving back (all that is left). */
    refundPence?: number | undefined;
  },
) {
  const brand = await emailBrand(db);
  const cancelled = await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, request.orderId))
      .for("update");
    if (!order) throw new DomainError("NOT_FOUND", "Order not found.");
    expectStatus(order, request.expectedStatus);
    if (order.status !== "pending") return null;
    return cancelOrder(
      tx,
      request.orderId,
      adminActor(request.adminId),
      request.reason ?? "Cancelled by the shop.",
      { tell: brand },
    );
  });
  if (cancelled) return cancelled;
  if (request.refundPence === undefined) {
    throw new DomainError("BAD_REQUEST", "Confirm the amount to refund to cancel a paid order.");
  }
  return refund(db, providerFor, logger, {
    ...request,
    amountPence: request.refundPence,
    restock: [],
    cancel: true,
  });
}
