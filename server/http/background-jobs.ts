import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../db/client";
import { deliverDueEmails, releaseOutboxLeases } from "../email/outbox";
import { configuredTransport } from "../email/transport";
import { deliverKicksTo, type JobName } from "../jobs/job-kick";
import { type JobRunner, startJobs } from "../jobs/job-runner";
import { logger } from "../logger";
import { expireUnpaidOrders } from "../orders/expire-orders";
import { runPaymentTasksRound } from "../payments/payment-tasks";
import { providerNamed } from "../payments/payments";
import { finishStaleRefunds } from "../payments/refunds";
import { getShopSettings } from "../settings/shop-settings";

// The shop's background jobs. Once per database, however many processes and instances serve it
// (docs/decisions/012-many-instances.md):
// - one process per instance runs the rounds (the server's first worker, server/http/main.ts);
// - each round runs under a database-wide lock taken without waiting (a PostgreSQL advisory lock),
//   so a job's round runs in one process at a time; a process that finds it taken skips that round;
// - the rows a round works on are claimed with FOR UPDATE SKIP LOCKED besides, so even two rounds
//   at once never do the same work twice;
// - a kick (work was just queued) is a NOTIFY heard by every instance's runner, so it reaches the
//   runner from any worker, and the one running a round then runs it again.
// On PGlite (one process) the lock and the kick are local. A new job is one more entry here.

/** Each job's advisory lock (arbitrary constants, apart from the migrations' and the seed's). */
const JOB_LOCK_KEYS: Record<JobName, number> = {
  "email-outbox": 7_020_501,
  "order-expiry": 7_020_502,
  "payment-tasks": 7_020_503,
  "unfinished-refunds": 7_020_504,
};
const KICK_CHANNEL = "gleam_job_kick";
const jobNames = Object.keys(JOB_LOCK_KEYS) as JobName[];

let runner: JobRunner | undefined;
let stopListening: (() => Promise<void>) | undefined;
let sendKick: ((name: JobName) => Promise<unknown>) | undefined;

/**
 * Prepares this process to kick jobs; with `runHere` it also runs them (one process per instance
 * does).
 */
export async function startBackgroundJobs(
  handle: DatabaseHandle,
  { runHere }: { runHere: boolean },
): Promise<void> {
  if (handle.driver === "postgres") {
    sendKick = (name) => handle.db.execute(sql`select pg_notify(${KICK_CHANNEL}, ${name})`);
  }
  deliverKicksTo(kick);
  if (!runHere || runner) return;
  const db = handle.db;
  // One process uses the embedded database: leases left in it are a crash's, release them now.
  if (handle.driver === "pglite") {
    const released = await releaseOutboxLeases(db);
    if (released > 0) logger.warn({ released }, "released emails a crash left claimed");
  }
  const transport = configuredTransport(logger);
  const jobs: Record<JobName, { intervalMs: number; round: () => Promise<unknown> }> = {
    "email-outbox": { intervalMs: 5_000, round: () => deliverDueEmails(db, transport, logger) },
    "order-expiry": {
      intervalMs: 60_000,
      // Read each round: the shop's settings may change while it runs.
      round: async () =>
        expireUnpaidOrders(db, {
          pendingMinutes: (await getShopSettings()).pendingOrderMinutes,
          logger,
        }),
    },
    "payment-tasks": {
      intervalMs: 30_000,
      round: () => runPaymentTasksRound(db, providerNamed, logger),
    },
    // Refunds a crash left between the provider's answer and the order's change.
    "unfinished-refunds": {
      intervalMs: 60_000,
      round: () => finishStaleRefunds(db, providerNamed, logger),
    },
  };
  runner = startJobs(
    jobNames.map((name) => ({
      name,
      intervalMs: jobs[name].intervalMs,
      runAtStart: name === "email-outbox",
      run: () => handle.exclusive(JOB_LOCK_KEYS[name], jobs[name].round, { wait: false }),
    })),
    logger,
  );
  if (handle.driver === "postgres") {
    const listening = await handle.listen(KICK_CHANNEL, (payload) => {
      // No payload: the connection was lost or is back, and kicks may have been missed.
      for (const name of payload ? [payload] : jobNames) runner?.kick(name);
    });
    stopListening = () => listening.stop();
  }
}

/** A kick from this process: through the database to every instance's runner, or to this one. */
function kick(name: JobName): void {
  if (sendKick) {
    sendKick(name).catch((error: unknown) =>
      logger.warn({ err: error, job: name }, "could not kick a job; it runs at its next interval"),
    );
  } else runner?.kick(name);
}

export async function stopBackgroundJobs(): Promise<void> {
  await stopListening?.();
  await runner?.stop();
  runner = undefined;
  stopListening = undefined;
  sendKick = undefined;
  deliverKicksTo(undefined);
}
