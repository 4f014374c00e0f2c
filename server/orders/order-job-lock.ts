import { eq } from "drizzle-orm";
import { type Actor, recordAudit } from "../audit/audit-log";
import type { Database } from "../db/database";
import { orders } from "./schema";

// An order's background job (its expiry, its reminder) takes the order's row lock without
// waiting: an order being paid right now is not waited for, the job comes back shortly instead.

/** How soon a job looks again at an order locked by a payment under way. */
const BUSY_RETRY_MS = 30_000;

/**
 * The order, locked, for a job running at `now`; `{ retryAt }` when another transaction holds it;
 * null when it no longer exists.
 */
export async function lockOrderForJob(
  tx: Database,
  orderId: string,
  now: Date,
): Promise<{ order: typeof orders.$inferSelect } | { retryAt: Date } | null> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update", { skipLocked: true });
  if (order) return { order };
  const [exists] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  return exists ? { retryAt: new Date(now.getTime() + BUSY_RETRY_MS) } : null;
}

/**
 * The order's reminder went out (server/newsletter/checkout-reminder.ts): stamped on the order,
 * which is never reminded twice, and written in its history.
 */
export async function recordReminderSent(
  tx: Database,
  orderId: string,
  actor: Actor,
  now: Date,
): Promise<void> {
  await tx.update(orders).set({ reminderSentAt: now }).where(eq(orders.id, orderId));
  await recordAudit(tx, {
    actor,
    action: "order.reminder_sent",
    entity: { type: "order", id: orderId },
    reason: "The customer was reminded of the order they left unpaid.",
  });
}
