import { and, asc, eq, lt } from "drizzle-orm";
import { systemActor } from "../audit/audit-log";
import type { Database } from "../db/database";
import { orders } from "../db/schema/orders";
import type { Logger } from "../logger";
import { cancelOrder } from "./order-state";

// Orders left unpaid give their stock back (DESIGN §5 point 5). Rows are taken with FOR UPDATE
// SKIP LOCKED: several instances running this at once each take different orders, and an order
// being paid right now (its row locked by the payment) is skipped until the next round.

const ORDER_EXPIRED = "Payment was not completed in time.";
const BATCH = 50;
const EXPIRY = systemActor("order-expiry");

/** Cancels up to one batch of orders pending since before `cutoff`; returns how many. */
export async function expirePendingOrders(db: Database, cutoff: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.status, "pending"), lt(orders.createdAt, cutoff)))
      .orderBy(asc(orders.createdAt))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    for (const order of due) await cancelOrder(tx, order.id, EXPIRY, ORDER_EXPIRED);
    return due.length;
  });
}

export type ExpiryWorker = { stop(): Promise<void> };

/** Runs the expiry every `intervalMs` in this process until stopped. */
export function startOrderExpiry(
  db: Database,
  options: {
    /** Read each round: the shop's settings may change while it runs. */
    pendingMinutes: () => Promise<number>;
    intervalMs: number;
    logger: Logger;
  },
): ExpiryWorker {
  let running: Promise<void> | undefined;
  const round = async () => {
    try {
      const cutoff = new Date(Date.now() - (await options.pendingMinutes()) * 60_000);
      let cancelled = 0;
      for (let batch = await expirePendingOrders(db, cutoff); batch > 0; ) {
        cancelled += batch;
        batch = batch === BATCH ? await expirePendingOrders(db, cutoff) : 0;
      }
      if (cancelled > 0) options.logger.info({ cancelled }, "cancelled unpaid orders");
    } catch (error) {
      options.logger.error({ err: error }, "order expiry failed");
    }
  };
  const timer = setInterval(() => {
    if (!running)
      running = round().finally(() => {
        running = undefined;
      });
  }, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
