import { and, asc, eq, inArray, lte } from "drizzle-orm";
import { systemActor } from "../audit/audit-log";
import type { Database } from "../db/database";
import { orders, paymentTasks } from "../db/schema/orders";
import { tellOfCancelledOrderPayment } from "../email/order-emails";
import { retryDelayMs } from "../jobs/retry-delay";
import type { Logger } from "../logger";
import { flagRefundDue, settleRefund } from "../orders/order-state";
import type { Brand } from "../settings/shop-settings";
import { emailBrand } from "../settings/shop-settings";
import { queuePaymentTask } from "./payment-task-queue";
import type { PaymentProvider } from "./provider";

// Calls to the payment provider that follow a change to an order (docs/architecture.md §6 point 5): the intent
// of a cancelled order is cancelled, and money that arrived for one anyway is refunded. Each is
// written in the order's own transaction and carried out here, in the background, retried with a
// growing delay while the provider is down. Rows are claimed with FOR UPDATE SKIP LOCKED and a
// lease, so several instances never make the same call at once (and the provider's idempotency
// keys make a repeat after a crash harmless).

/** After this many failed attempts a task stops, and a refund stays on the admin's list. */
const MAX_TASK_ATTEMPTS = 10;
const BATCH = 20;
/** A claimed task not reported back within this time (a crash) is tried again. */
const LEASE_MS = 5 * 60_000;

const REFUNDED_AUTOMATICALLY =
  "Refunded automatically: the payment arrived after the order was cancelled.";

const PAYMENT_TASKS = systemActor("payment-tasks");

async function claimDue(db: Database, now: Date) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: paymentTasks.id })
      .from(paymentTasks)
      .where(and(eq(paymentTasks.status, "pending"), lte(paymentTasks.nextAttemptAt, now)))
      .orderBy(asc(paymentTasks.nextAttemptAt))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(paymentTasks)
      .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS), updatedAt: now })
      .where(
        inArray(
          paymentTasks.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

type Task = Awaited<ReturnType<typeof claimDue>>[number];

async function perform(
  db: Database,
  provider: PaymentProvider,
  task: Task,
  now: Date,
  brand: Brand,
) {
  if (task.kind === "cancel-intent") {
    const outcome = await provider.cancelIntent(task.intentId);
    await db.transaction(async (tx) => {
      if (outcome === "succeeded") {
        // The money was taken before the cancellation reached the provider: give it back.
        await flagRefundDue(
          tx,
          task.orderId,
          PAYMENT_TASKS,
          "the payment succeeded before its intent could be cancelled",
        );
        await queuePaymentTask(tx, { ...task, kind: "refund" });
      }
      await markDone(tx, task.id, now);
    });
    return;
  }
  await provider.refundIntent(task.intentId, `refund-order-${task.orderId}`);
  await db.transaction(async (tx) => {
    await settleRefund(tx, task.orderId, PAYMENT_TASKS, REFUNDED_AUTOMATICALLY, brand);
    await markDone(tx, task.id, now);
  });
}

async function tellRefundFailed(tx: Database, orderId: string, brand: Brand) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (order) await tellOfCancelledOrderPayment(tx, order, brand, { refunded: false });
}

function markDone(tx: Database, id: string, now: Date) {
  return tx
    .update(paymentTasks)
    .set({ status: "done", lastError: null, updatedAt: now })
    .where(eq(paymentTasks.id, id));
}

/**
 * Carries out the tasks due now with the provider each was made with (`providerFor` gives it, or
 * null when that provider is no longer configured: the task waits). Returns what happened.
 */
export async function runDuePaymentTasks(
  db: Database,
  providerFor: (name: string) => PaymentProvider | null,
  logger: Logger,
  now: Date = new Date(),
): Promise<{ done: number; retried: number; failed: number }> {
  const claimed = await claimDue(db, now);
  const result = { done: 0, retried: 0, failed: 0 };
  if (claimed.length === 0) return result;
  const brand = await emailBrand(db);
  for (const task of claimed) {
    try {
      const provider = providerFor(task.provider);
      if (!provider) throw new Error(`the ${task.provider} payment provider is not configured`);
      await perform(db, provider, task, now, brand);
      result.done++;
    } catch (error) {
      const attempts = task.attempts + 1;
      const message = error instanceof Error ? error.message : String(error);
      const failed = attempts >= MAX_TASK_ATTEMPTS;
      await db.transaction(async (tx) => {
        await tx
          .update(paymentTasks)
          .set({
            attempts,
            lastError: message.slice(0, 1000),
            status: failed ? "failed" : "pending",
            nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
            updatedAt: now,
          })
          .where(eq(paymentTasks.id, task.id));
        // The money cannot go back on its own: the customer is told the shop will see to it (the
        // order stays on the admin's list of payments to refund).
        if (failed && task.kind === "refund") await tellRefundFailed(tx, task.orderId, brand);
      });
      if (failed) result.failed++;
      else result.retried++;
      logger[failed ? "error" : "warn"](
        { err: error, taskId: task.id, orderId: task.orderId, kind: task.kind, attempts },
        failed ? "payment task gave up" : "payment task failed; will retry",
      );
    }
  }
  return result;
}

/** One round of the payment-tasks job: every task due now, batch by batch. */
export async function runPaymentTasksRound(
  db: Database,
  providerFor: (name: string) => PaymentProvider | null,
  logger: Logger,
): Promise<void> {
  for (let batch = await runDuePaymentTasks(db, providerFor, logger); ; ) {
    if (batch.done + batch.retried + batch.failed < BATCH) break;
    batch = await runDuePaymentTasks(db, providerFor, logger);
  }
}
