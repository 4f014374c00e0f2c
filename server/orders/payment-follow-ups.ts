import { eq } from "drizzle-orm";
import { systemActor } from "../audit/audit-log";
import type { Database } from "../db/database";
import type { DescribeJobs, Job, JobHandler } from "../jobs/job-queue";
import { paymentTaskPayload, queuePaymentTask } from "../payments/payment-task-queue";
import type { PaymentProvider } from "../payments/provider";
import { emailBrand } from "../settings/shop-settings";
import { publishOrderEvent } from "./order-events";
import { flagRefundDue, settleRefund } from "./order-state";
import { orders } from "./schema";

// Calls to the payment provider that follow a change to an order (docs/architecture.md#money-flow):
// the intent of a cancelled order is cancelled, and money that arrived for one anyway is
// refunded. Each is a job in the one queue (server/jobs/job-queue.ts), written in the order's own
// transaction and retried with a growing delay while the provider is down; the provider's
// idempotency keys make a repeat after a crash harmless.

/** After this many failed attempts a task is parked, and a refund stays on the admin's list. */
const MAX_TASK_ATTEMPTS = 10;

const REFUNDED_AUTOMATICALLY =
  "Refunded automatically: the payment arrived after the order was cancelled.";

const PAYMENT_TASKS = systemActor("payment-tasks");

type ProviderLookup = (name: string) => PaymentProvider | null;

function providerOf(providerFor: ProviderLookup, job: Job) {
  const { provider: name, intentId } = paymentTaskPayload(job.payload);
  const provider = providerFor(name);
  // The task waits (and is retried) until that provider is configured again.
  if (!provider) throw new Error(`the ${name} payment provider is not configured`);
  return { provider, intentId, name };
}

/** What the admin reads about parked payment tasks: what was to be done, for which order. */
export const describePaymentJobs: DescribeJobs = async (_db, parked) =>
  new Map(
    parked.map((job) => [
      job.id,
      job.kind === "cancel-intent"
        ? `Cancel the card payment of order ${job.subjectId}`
        : `Refund the payment that arrived for cancelled order ${job.subjectId}`,
    ]),
  );

/** `cancel-intent`: cancels a cancelled order's intent; money taken meanwhile is refunded. */
export function cancelIntentJob(db: Database, providerFor: ProviderLookup): JobHandler {
  return {
    maxAttempts: MAX_TASK_ATTEMPTS,
    async run(job, { done }) {
      const { provider, intentId, name } = providerOf(providerFor, job);
      const outcome = await provider.cancelIntent(intentId);
      await db.transaction(async (tx) => {
        if (outcome === "succeeded") {
          // The money was taken before the cancellation reached the provider: give it back.
          await flagRefundDue(
            tx,
            job.subjectId,
            PAYMENT_TASKS,
            "the payment succeeded before its intent could be cancelled",
          );
          await queuePaymentTask(tx, {
            orderId: job.subjectId,
            kind: "refund-late-payment",
            provider: name,
            intentId,
          });
        }
        await done(tx);
      });
      return;
    },
  };
}

/** `refund-late-payment`: gives back money that arrived for an order already cancelled. */
export function refundLatePaymentJob(db: Database, providerFor: ProviderLookup): JobHandler {
  return {
    maxAttempts: MAX_TASK_ATTEMPTS,
    async run(job, { done }) {
      const { provider, intentId } = providerOf(providerFor, job);
      await provider.refundIntent(intentId, `refund-order-${job.subjectId}`);
      const brand = await emailBrand(db);
      await db.transaction(async (tx) => {
        await settleRefund(tx, job.subjectId, PAYMENT_TASKS, REFUNDED_AUTOMATICALLY, brand);
        await done(tx);
      });
      return;
    },
    // The money cannot go back on its own: the customer is told the shop will see to it (the
    // order stays on the admin's list of payments to refund).
    async onParked(tx, job) {
      const [order] = await tx.select().from(orders).where(eq(orders.id, job.subjectId));
      if (order) {
        await publishOrderEvent(tx, { type: "refund-stuck", order, brand: await emailBrand(tx) });
      }
    },
  };
}
