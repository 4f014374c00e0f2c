import type { Database } from "../db/database";
import { enqueueJob } from "../jobs/job-queue";

// Queuing a call to the payment provider that must follow a change to an order
// (docs/architecture.md#money-flow): a job in the one queue, written in the order's own
// transaction. Apart from the handlers (payment-tasks.ts) so that the order's reactions and the
// payment confirmation can queue one without importing them.

type PaymentTaskKind = "cancel-intent" | "refund-late-payment";

type PaymentTaskInput = {
  orderId: string;
  kind: PaymentTaskKind;
  provider: string;
  intentId: string;
};

/** Queues a task in the caller's transaction; a task already queued for the order is kept. */
export async function queuePaymentTask(tx: Database, task: PaymentTaskInput): Promise<void> {
  await enqueueJob(tx, {
    kind: task.kind,
    subjectId: task.orderId,
    payload: { provider: task.provider, intentId: task.intentId },
  });
}

/** The provider and intent a payment task was queued with. */
export function paymentTaskPayload(payload: Record<string, string>): {
  provider: string;
  intentId: string;
} {
  const { provider, intentId } = payload;
  if (!provider || !intentId) throw new Error("a payment task without its provider and intent");
  return { provider, intentId };
}
