import type { Database } from "../db/database";
import { type PaymentTaskKind, paymentTasks } from "../db/schema/orders";

// Queuing a call to the payment provider that must follow a change to an order (docs/architecture.md §6 point
// 5). Apart from the runner (payment-tasks.ts) so that the order's own transitions can queue one
// without importing the runner, which itself calls those transitions.

type PaymentTaskInput = {
  orderId: string;
  kind: PaymentTaskKind;
  provider: string;
  intentId: string;
};

/** Queues a task in the caller's transaction; a task already queued for the order is kept. */
export async function queuePaymentTask(tx: Database, task: PaymentTaskInput): Promise<void> {
  await tx.insert(paymentTasks).values(task).onConflictDoNothing();
}
