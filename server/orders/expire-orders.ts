import { systemActor } from "../audit/audit-log";
import type { Database } from "../db/database";
import type { JobHandler } from "../jobs/job-queue";
import { lockOrderForJob } from "./order-job-lock";
import { cancelOrder } from "./order-state";

// Orders left unpaid give their stock back (docs/architecture.md#money-flow). Each order is opened
// with its `expire-order` job (open-order.ts), due when the shop's time-out ends; the job reads the
// time-out again when it runs (the admin may have changed it) and cancels the order if it is still
// pending. An order being paid right now (its row locked by the payment) is not waited for: the
// job comes back shortly, and finds it paid.

const ORDER_EXPIRED = "Payment was not completed in time.";
const EXPIRY = systemActor("order-expiry");

/** `expire-order`: cancels the order once it has been pending for `pendingMinutes()`. */
export function expireOrderJob(db: Database, pendingMinutes: () => Promise<number>): JobHandler {
  return {
    maxAttempts: 10,
    async run(job, { now, done }) {
      const minutes = await pendingMinutes();
      return db.transaction(async (tx) => {
        const locked = await lockOrderForJob(tx, job.subjectId, now);
        if (!locked) return undefined;
        if ("retryAt" in locked) return { runAt: locked.retryAt };
        const { order } = locked;
        if (order.status !== "pending") return undefined;
        const due = new Date(order.createdAt.getTime() + minutes * 60_000);
        if (due > now) return { runAt: due };
        await cancelOrder(tx, job.subjectId, EXPIRY, ORDER_EXPIRED);
        await done(tx);
        return undefined;
      });
    },
  };
}
