import { and, asc, eq, lt } from "drizzle-orm";
import { systemActor } from "../audit/audit-log";
import type { Database } from "../db/database";
import { orders } from "../db/schema/orders";
import type { Logger } from "../logger";
import { cancelOrder } from "./order-state";

// Orders left unpaid give their stock back (docs/architecture.md §6 point 5). Rows are taken with FOR UPDATE
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

/** One round of the expiry job: every order pending longer than `pendingMinutes`, batch by batch. */
export async function expireUnpaidOrders(
  db: Database,
  options: { pendingMinutes: number; logger: Logger; now?: Date },
): Promise<number> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - options.pendingMinutes * 60_000);
  let cancelled = 0;
  for (let batch = await expirePendingOrders(db, cutoff); batch > 0; ) {
    cancelled += batch;
    batch = batch === BATCH ? await expirePendingOrders(db, cutoff) : 0;
  }
  if (cancelled > 0) options.logger.info({ cancelled }, "cancelled unpaid orders");
  return cancelled;
}
