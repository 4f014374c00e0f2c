import type { Database } from "@server/db/database";
import { requestReviewJob } from "@server/email/order-emails";
import { enqueueJob, type JobHandlers, runJobsRound } from "@server/jobs/job-queue";
import { logger } from "@server/logger";
import { expireOrderJob } from "@server/orders/expire-orders";
import { finishRefundJob } from "@server/orders/order-refunds";
import { cancelIntentJob, refundLatePaymentJob } from "@server/orders/payment-follow-ups";
import { orders } from "@server/orders/schema";
import type { PaymentProvider } from "@server/payments/provider";
import { STALE_AFTER_MS } from "@server/payments/refunds";
import { refunds } from "@server/payments/schema";
import { eq, inArray } from "drizzle-orm";

// The job queue's handlers as a test runs them: only the kinds it is about, with its own provider
// (server/start/background-jobs.ts puts together the running shop's).

type ProviderLookup = (name: string) => PaymentProvider | null;

/** The payment follow-ups of cancelled orders: cancel the intent, refund a late payment. */
export function paymentTaskJobs(db: Database, providerFor: ProviderLookup): Partial<JobHandlers> {
  return {
    "cancel-intent": cancelIntentJob(db, providerFor),
    "refund-late-payment": refundLatePaymentJob(db, providerFor),
  };
}

/** The follow-up of refunds the provider has not answered. */
function finishRefundJobs(db: Database, providerFor: ProviderLookup): Partial<JobHandlers> {
  return { "finish-refund": finishRefundJob(db, providerFor, logger) };
}

/** Runs the review requests due at `now` (the settings' days after delivery). */
export async function askForDueReviews(db: Database, now: Date): Promise<void> {
  await runJobsRound(db, { "request-review": requestReviewJob(db) }, logger, now);
}

/** The expiry of unpaid orders, after `pendingMinutes`. */
function expiryJobs(db: Database, pendingMinutes = 30): Partial<JobHandlers> {
  return { "expire-order": expireOrderJob(db, async () => pendingMinutes) };
}

/** Runs the expiry jobs due at `now` (an order expires 30 minutes after it opened); how many cancelled. */
export async function expireDueOrders(db: Database, now: Date): Promise<number> {
  const pending = async () =>
    (await db.select({ id: orders.id }).from(orders).where(eq(orders.status, "pending"))).length;
  const before = await pending();
  await runJobsRound(db, expiryJobs(db), logger, now);
  return before - (await pending());
}

/**
 * Runs the refunds' follow-ups due at `now`: how many refunds were settled, how many failed
 * (refused), and how many still wait for a provider that did not answer.
 */
export async function finishUnansweredRefunds(
  db: Database,
  providerFor: ProviderLookup,
  now: Date = new Date(Date.now() + 1000),
): Promise<{ settled: number; failed: number; waiting: number }> {
  const pending = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(eq(refunds.status, "pending"));
  const round = await runJobsRound(db, finishRefundJobs(db, providerFor), logger, now);
  const after =
    pending.length === 0
      ? []
      : await db
          .select({ status: refunds.status })
          .from(refunds)
          .where(
            inArray(
              refunds.id,
              pending.map((row) => row.id),
            ),
          );
  return {
    settled: after.filter((row) => row.status === "succeeded").length,
    failed: after.filter((row) => row.status === "failed").length,
    waiting: round.retried,
  };
}

/** Queues a refund row's follow-up as the shop does when it writes one (server/payments/refunds.ts). */
export async function queueRefundFollowUp(
  db: Database,
  row: { id: string; createdAt: Date },
): Promise<void> {
  await enqueueJob(db, {
    kind: "finish-refund",
    subjectId: row.id,
    runAt: new Date(row.createdAt.getTime() + STALE_AFTER_MS),
  });
}
