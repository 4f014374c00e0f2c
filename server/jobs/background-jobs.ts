import type { Database } from "../db/database";
import { deliverDueEmails } from "../email/outbox";
import { configuredTransport } from "../email/transport";
import { logger } from "../logger";
import { expireUnpaidOrders } from "../orders/expire-orders";
import { finishStaleRefunds } from "../orders/refunds";
import { runPaymentTasksRound } from "../payments/payment-tasks";
import { providerNamed } from "../payments/payments";
import { getShopSettings } from "../settings/shop-settings";
import { type JobRunner, startJobs } from "./job-runner";

// The shop's background jobs, started once per process by the server (server/http/main.ts) on one
// runner. A new job is one more entry here.

type JobName = "email-outbox" | "order-expiry" | "payment-tasks" | "unfinished-refunds";

let runner: JobRunner | undefined;

export function startBackgroundJobs(db: Database): void {
  const transport = configuredTransport(logger);
  runner ??= startJobs(
    [
      {
        name: "email-outbox",
        intervalMs: 5_000,
        runAtStart: true,
        run: () => deliverDueEmails(db, transport, logger),
      },
      {
        name: "order-expiry",
        intervalMs: 60_000,
        // Read each round: the shop's settings may change while it runs.
        run: async () =>
          expireUnpaidOrders(db, {
            pendingMinutes: (await getShopSettings()).pendingOrderMinutes,
            logger,
          }),
      },
      {
        name: "payment-tasks",
        intervalMs: 30_000,
        run: () => runPaymentTasksRound(db, providerNamed, logger),
      },
      {
        // Refunds a crash left between the provider's answer and the order's change.
        name: "unfinished-refunds",
        intervalMs: 60_000,
        run: async () => {
          await finishStaleRefunds(db, providerNamed, logger);
        },
      },
    ],
    logger,
  );
}

/** Runs a job now (work was just queued for it); nothing while the jobs are not started. */
export function kickJob(name: JobName): void {
  runner?.kick(name);
}

export async function stopBackgroundJobs(): Promise<void> {
  await runner?.stop();
  runner = undefined;
}
