import cluster, { type Worker } from "node:cluster";
import { env } from "../env";
import type { Logger } from "../logger";
import { collectWorkerMetrics } from "../metrics/cluster-metrics";

// Several worker processes on one machine (WEB_CONCURRENCY, PostgreSQL only): node's cluster
// module, whose primary accepts the connections and hands them to the workers in turn. The
// primary touches no database: each worker is a whole shop server (server/http/main.ts), and
// everything they share lives in PostgreSQL (sessions, rate-limit counters, stock, the outbox) or
// travels through it (cache clearing, job kicks: LISTEN/NOTIFY). Exactly one worker, the first,
// runs the background jobs and prints the banner; a replacement for it inherits the role.

/** Set in a worker's environment (read by env.ts): "jobs" for the one that runs the jobs. */
const ROLE_VARIABLE = "GLEAM_WORKER_ROLE";
/** A worker that dies sooner than this after starting is restarted after a growing pause. */
const STABLE_AFTER_MS = 10_000;
const LONGEST_RESTART_PAUSE_MS = 30_000;

/** True in a worker that should run the background jobs (and in a server without workers). */
export function runsBackgroundJobs(): boolean {
  return cluster.isPrimary || env.GLEAM_WORKER_ROLE === "jobs";
}

/**
 * The primary: starts `count` workers, replaces any that dies, and on SIGTERM or SIGINT passes the
 * signal on, waits for every worker to finish its drain, then exits (0 when all exited cleanly).
 */
export function runWorkers(count: number, logger: Logger): void {
  let stopping = false;
  let failedExit = false;
  let restartPauseMs = 500;
  const fork = (role: "jobs" | "web") => {
    const started = Date.now();
    const worker = cluster.fork({ [ROLE_VARIABLE]: role });
    worker.on("exit", (code, signal) => {
      if (stopping) {
        if (code !== 0) failedExit = true;
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failedExit ? 1 : 0);
        return;
      }
      const quick = Date.now() - started < STABLE_AFTER_MS;
      const pause = quick ? restartPauseMs : 0;
      restartPauseMs = quick ? Math.min(restartPauseMs * 2, LONGEST_RESTART_PAUSE_MS) : 500;
      logger.error(
        { pid: worker.process.pid, code, signal, role, restartInMs: pause },
        "worker exited; starting another",
      );
      setTimeout(() => {
        if (!stopping) fork(role);
      }, pause);
    });
    return worker;
  };
  collectWorkerMetrics();
  for (let index = 0; index < count; index++) fork(index === 0 ? "jobs" : "web");
  logger.info({ workers: count }, "started worker processes");

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter(
      (worker): worker is Worker => worker !== undefined,
    );
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) worker.process.kill(signal);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
