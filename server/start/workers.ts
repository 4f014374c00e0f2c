import cluster, { type Worker } from "node:cluster";
import { env } from "../env";
import type { Logger } from "../logger";
import { collectWorkerMetrics } from "../metrics/cluster-metrics";

// Several worker processes on one machine (WEB_CONCURRENCY, PostgreSQL only): node's cluster
// module, whose primary accepts the connections and hands them to the workers in turn. The
// primary touches no database: each worker is a whole shop server (server/start/main.ts), and
// everything they share lives in PostgreSQL (sessions, rate-limit counters, stock, the outbox) or
// travels through it (cache clearing, job kicks: LISTEN/NOTIFY). Exactly one worker, the first,
// runs the background jobs and prints the banner; a replacement for it inherits the role.
//
// A shopper never meets a worker that is not ready (it answers 503 until its database is): the
// primary lets a worker listen at once only when no other worker may listen (the first at start,
// or one started when all are gone), so that an instance without its database still answers 503
// rather than refusing connections; every other worker listens when the primary tells it to,
// once it is ready itself and every worker already listening is too. Only connections to
// listening workers are handed out, so from the first healthy answer on every worker that
// answers is ready, through a start and through the replacement of a worker that died.

/** Set in a worker's environment (read by env.ts): "jobs" for the one that runs the jobs. */
const ROLE_VARIABLE = "GLEAM_WORKER_ROLE";
/** Set in a worker's environment (read by env.ts): "now" or "when-told". */
const LISTEN_VARIABLE = "GLEAM_LISTEN";
/** Worker to primary: this worker's database is ready. */
const READY = "gleam:worker-ready";
/** Primary to worker: start listening. */
const LISTEN = "gleam:listen";
/** A worker that dies sooner than this after starting is restarted after a growing pause. */
const STABLE_AFTER_MS = 10_000;
const LONGEST_RESTART_PAUSE_MS = 30_000;

/** True in a worker that should run the background jobs (and in a server without workers). */
export function runsBackgroundJobs(): boolean {
  return cluster.isPrimary || env.GLEAM_WORKER_ROLE === "jobs";
}

/**
 * In a worker, calls `listen` when it may (at once without workers); see the top of this file.
 */
export function listenWhenAllowed(listen: () => void): void {
  if (!cluster.isWorker || env.GLEAM_LISTEN !== "when-told") {
    listen();
    return;
  }
  const onMessage = (message: { type?: string }) => {
    if (message?.type !== LISTEN) return;
    process.off("message", onMessage);
    listen();
  };
  process.on("message", onMessage);
}

/** In a worker, tells the primary its database is ready. */
export function reportReady(): void {
  if (cluster.isWorker) process.send?.({ type: READY });
}

/**
 * The primary: starts `count` workers, replaces any that dies, and on SIGTERM or SIGINT passes the
 * signal on, waits for every worker to finish its drain, then exits (0 when all exited cleanly).
 */
export function runWorkers(count: number, logger: Logger): void {
  let stopping = false;
  let failedExit = false;
  let stopSignal: NodeJS.Signals | undefined;
  let restartPauseMs = 500;
  /** Workers allowed to listen (at once or told since), and workers whose database is ready. */
  const listening = new Set<Worker>();
  const ready = new Set<Worker>();
  /** Ready workers listen once every listening worker is ready. */
  const release = () => {
    if (stopping) return;
    for (const worker of listening) if (!ready.has(worker)) return;
    for (const worker of ready) {
      if (listening.has(worker) || !worker.isConnected()) continue;
      listening.add(worker);
      // A worker that has just gone reports its exit next; the error says nothing more.
      worker.send({ type: LISTEN }, undefined, () => undefined);
    }
  };
  const fork = (role: "jobs" | "web") => {
    const started = Date.now();
    const listenNow = listening.size === 0 && ready.size === 0;
    const worker = cluster.fork({
      [ROLE_VARIABLE]: role,
      [LISTEN_VARIABLE]: listenNow ? "now" : "when-told",
    });
    if (listenNow) listening.add(worker);
    worker.on("message", (message: { type?: string }) => {
      if (message?.type !== READY) return;
      ready.add(worker);
      release();
    });
    worker.on("exit", (code, signal) => {
      listening.delete(worker);
      ready.delete(worker);
      release();
      if (stopping) {
        // A worker ended by the stop signal itself had not set its own handler yet: it was still
        // starting, with nothing to finish. Any other end but 0 is a failed stop.
        if (code !== 0 && !(code === null && signal === stopSignal)) failedExit = true;
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
    stopSignal = signal;
    const workers = Object.values(cluster.workers ?? {}).filter(
      (worker): worker is Worker => worker !== undefined,
    );
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) worker.process.kill(signal);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
