import { eq } from "drizzle-orm";
import type { Database } from "../db/database";
import { orders } from "../db/schema/orders";

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
