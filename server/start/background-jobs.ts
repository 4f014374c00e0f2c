import { sql } from "drizzle-orm";
import { purgerFor } from "../cache/purge-adapters";
import { purgeCacheJob, tagsOfJob } from "../cache/purge-jobs";
import { importProductsJob } from "../catalog/product-import-job";
import type { DatabaseHandle } from "../db/client";
import type { Database } from "../db/database";
import { requestReviewJob } from "../email/order-emails";
import { describeEmailJobs, sendEmailJob } from "../email/outbox";
import { configuredTransport, type MailTransport } from "../email/transport";
import { env } from "../env";
import { sendGiftCardJob } from "../gift-cards/gift-card-delivery";
import { deliverKicksTo } from "../jobs/job-kick";
import {
  type DescribeJobs,
  type JobHandlers,
  releaseJobLeases,
  runJobsRound,
} from "../jobs/job-queue";
import { type JobRunner, startJobs } from "../jobs/job-runner";
import type { JobKind } from "../jobs/schema";
import { logger } from "../logger";
import { sendCampaignJob } from "../newsletter/campaigns";
import { remindCheckoutJob } from "../newsletter/checkout-reminder";
import { expireOrderJob } from "../orders/expire-orders";
import { finishRefundJob } from "../orders/order-refunds";
import {
  cancelIntentJob,
  describePaymentJobs,
  refundLatePaymentJob,
} from "../orders/payment-follow-ups";
import { providerNamed } from "../payments/payments";
import { getShopSettings } from "../settings/shop-settings";
import { notifyStockAlertsJob } from "../stock-alerts/stock-alerts";

// The shop's background work: one durable job queue (server/jobs/job-queue.ts,
// docs/architecture.md#background-jobs), whatever the number of processes and instances serving one database
// (docs/decisions/012-many-instances.md):
// - one process per instance runs the queue's rounds (the server's first worker,
//   server/start/main.ts), every few seconds and at once when kicked;
// - a round claims the jobs due with FOR UPDATE SKIP LOCKED and a lease, so rounds on several
//   instances at once never run one job twice;
// - a kick (work was just queued) is a NOTIFY heard by every instance's runner, so it reaches the
//   runner from any worker.
// On PGlite (one process) the kick is local. A new kind of work is a handler here and an enqueue
// where the work arises.

const QUEUE = "job-queue";
const KICK_CHANNEL = "gleam_job_kick";
/** How often the queue looks for due work it was not kicked about (retries, expiries). */
const ROUND_EVERY_MS = 5_000;

let runner: JobRunner | undefined;
let stopListening: (() => Promise<void>) | undefined;
let sendKick: (() => Promise<unknown>) | undefined;

/** Each kind's handler, with what it needs from the running shop (tests/job-handlers.ts: a test's). */
function jobHandlers(db: Database, transport: MailTransport): JobHandlers {
  return {
    "send-email": sendEmailJob(db, transport),
    "cancel-intent": cancelIntentJob(db, providerNamed),
    "refund-late-payment": refundLatePaymentJob(db, providerNamed),
    "finish-refund": finishRefundJob(db, providerNamed, logger),
    // Read each time: the shop's settings may change while it runs.
    "expire-order": expireOrderJob(db, async () => (await getShopSettings(db)).pendingOrderMinutes),
    "remind-checkout": remindCheckoutJob(db),
    "purge-cache": purgeCacheJob(db, purgerFor(env.purge)),
    "request-review": requestReviewJob(db),
    "notify-stock-alerts": notifyStockAlertsJob(db),
    "send-campaign": sendCampaignJob(db),
    "send-gift-card": sendGiftCardJob(db),
    "import-products": importProductsJob(db),
  };
}

/** What the admin's overview says about parked jobs of each kind. */
export const parkedJobDescribers: Record<JobKind, DescribeJobs> = {
  "send-email": describeEmailJobs,
  "cancel-intent": describePaymentJobs,
  "refund-late-payment": describePaymentJobs,
  "finish-refund": async (_db, parked) =>
    new Map(parked.map((job) => [job.id, `Confirm with the provider the refund ${job.subjectId}`])),
  "expire-order": async (_db, parked) =>
    new Map(parked.map((job) => [job.id, `Cancel the unpaid order ${job.subjectId}`])),
  "remind-checkout": async (_db, parked) =>
    new Map(parked.map((job) => [job.id, `Remind the customer of unpaid order ${job.subjectId}`])),
  "request-review": async (_db, parked) =>
    new Map(parked.map((job) => [job.id, `Ask for a review of order ${job.subjectId}`])),
  "notify-stock-alerts": async (_db, parked) =>
    new Map(
      parked.map((job) => [
        job.id,
        `Email those waiting for variant ${job.payload.variantId ?? "?"} that it is back`,
      ]),
    ),
  "send-gift-card": async (_db, parked) =>
    new Map(parked.map((job) => [job.id, `Email gift card ${job.subjectId} to its recipient`])),
  "import-products": async (_db, parked) =>
    new Map(
      parked.map((job) => [
        job.id,
        `Product import ${job.subjectId} failed three times and was stopped: import the file again`,
      ]),
    ),
  "send-campaign": async (_db, parked) =>
    new Map(parked.map((job) => [job.id, `Send the next batch of campaign ${job.subjectId}`])),
  "purge-cache": async (_db, parked) =>
    new Map(
      parked.map((job) => [
        job.id,
        `Purge the shared cache of ${tagsOfJob(job).join(", ")} (is the cache in front reachable?)`,
      ]),
    ),
};

/**
 * Prepares this process to kick the queue; with `runHere` it also runs it (one process per
 * instance does).
 */
export async function startBackgroundJobs(
  handle: DatabaseHandle,
  { runHere }: { runHere: boolean },
): Promise<void> {
  if (handle.driver === "postgres") {
    sendKick = () => handle.db.execute(sql`select pg_notify(${KICK_CHANNEL}, ${QUEUE})`);
  }
  deliverKicksTo(kick);
  if (!runHere || runner) return;
  const db = handle.db;
  // One process uses the embedded database: leases left in it are a crash's, release them now.
  if (handle.driver === "pglite") {
    const released = await releaseJobLeases(db);
    if (released > 0) logger.warn({ released }, "released jobs a crash left claimed");
  }
  const handlers = jobHandlers(db, configuredTransport(logger));
  runner = startJobs(
    [
      {
        name: QUEUE,
        intervalMs: ROUND_EVERY_MS,
        runAtStart: true,
        run: () => runJobsRound(db, handlers, logger),
      },
    ],
    logger,
  );
  if (handle.driver === "postgres") {
    // No payload: the connection was lost or is back, and kicks may have been missed.
    const listening = await handle.listen(KICK_CHANNEL, () => runner?.kick(QUEUE));
    stopListening = () => listening.stop();
  }
}

let kickSending = false;
let kickAgain = false;

/**
 * A kick from this process: through the database to every instance's runner, or to this one.
 * Kicks asked for while one is on its way become one more after it, not one each: a busy
 * checkout's hundred confirmations wake the runners a few times, and every job queued before the
 * last kick left is seen by the round it starts.
 */
function kick(): void {
  const send = sendKick;
  if (!send) {
    runner?.kick(QUEUE);
    return;
  }
  if (kickSending) {
    kickAgain = true;
    return;
  }
  kickSending = true;
  send()
    .catch((error: unknown) =>
      logger.warn({ err: error }, "could not kick the job queue; it runs at its next round"),
    )
    .finally(() => {
      kickSending = false;
      if (kickAgain) {
        kickAgain = false;
        kick();
      }
    });
}

export async function stopBackgroundJobs(): Promise<void> {
  await stopListening?.();
  await runner?.stop();
  runner = undefined;
  stopListening = undefined;
  sendKick = undefined;
  deliverKicksTo(undefined);
}
