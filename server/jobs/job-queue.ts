import {
  and,
  asc,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  type SQL,
  sql,
  type WithSubquery,
} from "drizzle-orm";
import { type Actor, recordAudit } from "../audit/audit-log";
import type { Database } from "../db/database";
import { DomainError } from "../errors";
import type { Logger } from "../logger";
import { jobRuns } from "../metrics/metrics";
import { retryDelayMs } from "./retry-delay";
import { type JobKind, jobKinds, jobs } from "./schema";

// The one durable job queue (docs/architecture.md#background-jobs, docs/decisions/041-one-job-queue.md). Work is
// enqueued in the transaction of the change that needs it; the runner claims what is due with
// FOR UPDATE SKIP LOCKED and a lease, so several instances never run one job at once; each kind's
// handler does the work. A handler that throws is tried again after a growing delay and parked
// after its kind's limit, for the admin to see and send back; one that finds it is too early says
// when to come back, which is not a failure. This module knows no domain: the handlers come from
// their domains, put together by server/start/background-jobs.ts.

export type Job = typeof jobs.$inferSelect;

type JobContext = {
  now: Date;
  /** Marks the job done inside the handler's own transaction, with the work it finished. */
  done: (tx: Database) => Promise<void>;
};

/** Nothing: the job is done. `{ runAt }`: not yet, run it again then (no attempt counted). */
type JobOutcome = undefined | { runAt: Date };

export type JobHandler = {
  /** After this many failed attempts the job is parked. */
  maxAttempts: number;
  run: (job: Job, context: JobContext) => Promise<JobOutcome | undefined>;
  /** Said in the transaction that parks the job: what the shop does once it gives up. */
  onParked?: (tx: Database, job: Job) => Promise<void>;
  /**
   * How long a claim of this kind lasts before a crashed runner's job is run again; LEASE_MS when
   * absent. Shorter for a kind whose run is one short transaction, so a crash delays it little.
   */
  leaseMs?: number;
};

export type JobHandlers = Record<JobKind, JobHandler>;

/** One line the admin reads about each parked job of a kind, by the job's id. */
export type DescribeJobs = (db: Database, parked: Job[]) => Promise<Map<string, string>>;

const BATCH = 10;
/**
 * A claimed job not reported back within this time (a crash) is run again: longer than a batch
 * can take (the SMTP transport and the provider's SDK give up on one call within a minute).
 */
export const LEASE_MS = 10 * 60_000;

export type NewJob = {
  kind: JobKind;
  subjectId: string;
  payload?: Record<string, string>;
  /** When it is due (now when absent): a time, or SQL reckoning it in the statement. */
  runAt?: Date | SQL;
};

/**
 * Queues a job in the caller's transaction. A job already there for the kind and subject is kept
 * as it is: asking twice is harmless. `alongside` are writes (common table expressions) made in
 * the same statement: the work the job is for, written and queued in one round trip.
 */
export async function enqueueJob(
  tx: Database,
  job: NewJob,
  alongside: WithSubquery[] = [],
): Promise<void> {
  await jobInsert(alongside.length > 0 ? tx.with(...alongside) : tx, job);
}

/** The job's insert, not yet run: for a write that queues it in the same statement as itself. */
export function jobInsert(tx: Pick<Database, "insert">, job: NewJob) {
  return tx
    .insert(jobs)
    .values({
      kind: job.kind,
      subjectId: job.subjectId,
      payload: job.payload ?? {},
      runAt: job.runAt ?? new Date(),
    })
    .onConflictDoNothing();
}

/**
 * Leases up to a batch of due jobs in one statement: the rows another runner holds are skipped,
 * and the update's own row locks last only as long as the statement.
 */
async function claimDue(
  db: Database,
  now: Date,
  handlers: Partial<JobHandlers>,
  kinds: JobKind[],
): Promise<Job[]> {
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.status, "queued"),
        lte(jobs.runAt, now),
        inArray(jobs.kind, kinds),
        or(isNull(jobs.leasedUntil), lte(jobs.leasedUntil, now)),
      ),
    )
    .orderBy(asc(jobs.runAt))
    .limit(BATCH)
    .for("update", { skipLocked: true });
  const leaseOf = (kind: JobKind) => handlers[kind]?.leaseMs ?? LEASE_MS;
  const shorter = kinds.filter((kind) => leaseOf(kind) !== LEASE_MS);
  const until = (kind: JobKind) => new Date(now.getTime() + leaseOf(kind)).toISOString();
  const leasedUntil =
    shorter.length === 0
      ? new Date(now.getTime() + LEASE_MS)
      : sql`case ${sql.join(
          shorter.map((kind) => sql`when ${jobs.kind} = ${kind} then ${until(kind)}::timestamptz`),
          sql` `,
        )} else ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz end`;
  const claimed = await db
    .update(jobs)
    .set({ leasedUntil })
    .where(inArray(jobs.id, due))
    .returning();
  // An UPDATE returns its rows in no set order: they run in the order they fell due.
  return claimed.sort(
    (a, b) =>
      a.runAt.getTime() - b.runAt.getTime() || a.createdAt.getTime() - b.createdAt.getTime(),
  );
}

function markDone(tx: Database, id: string) {
  return tx
    .update(jobs)
    .set({ status: "done", lastError: null, leasedUntil: null })
    .where(and(eq(jobs.id, id), eq(jobs.status, "queued")));
}

export type RoundResult = { done: number; later: number; retried: number; parked: number };

/**
 * Runs the jobs due at `now`, one batch, of the kinds `handlers` has a handler for (the server
 * passes every kind; a test, the kinds it is about); returns what became of them.
 */
export async function runDueJobs(
  db: Database,
  handlers: Partial<JobHandlers>,
  logger: Logger,
  now: Date = new Date(),
): Promise<RoundResult> {
  const result: RoundResult = { done: 0, later: 0, retried: 0, parked: 0 };
  const kinds = jobKinds.filter((kind) => handlers[kind]);
  for (const job of await claimDue(db, now, handlers, kinds)) {
    const handler = handlers[job.kind];
    if (!handler) continue;
    try {
      let marked = false;
      const done = async (tx: Database) => {
        await markDone(tx, job.id);
        marked = true;
      };
      const outcome = await handler.run(job, { now, done });
      if (outcome) {
        await db
          .update(jobs)
          .set({ runAt: outcome.runAt, leasedUntil: null })
          .where(eq(jobs.id, job.id));
        result.later++;
        jobRuns.inc({ kind: job.kind, result: "later" });
      } else {
        // Done in the handler's own transaction already, or here.
        if (!marked) await markDone(db, job.id);
        result.done++;
        jobRuns.inc({ kind: job.kind, result: "done" });
      }
    } catch (error) {
      const attempts = job.attempts + 1;
      const park = attempts >= handler.maxAttempts;
      const reason = error instanceof Error ? error.message : String(error);
      await db.transaction(async (tx) => {
        await tx
          .update(jobs)
          .set({
            attempts,
            lastError: reason.slice(0, 1000),
            status: park ? "parked" : "queued",
            runAt: new Date(now.getTime() + retryDelayMs(attempts)),
            leasedUntil: null,
          })
          .where(eq(jobs.id, job.id));
        if (park) await handler.onParked?.(tx, job);
      });
      result[park ? "parked" : "retried"]++;
      jobRuns.inc({ kind: job.kind, result: park ? "parked" : "retried" });
      logger[park ? "error" : "warn"](
        { err: error, jobId: job.id, kind: job.kind, subjectId: job.subjectId, attempts },
        park ? "a job gave up and was parked" : "a job failed; it will be tried again",
      );
    }
  }
  return result;
}

/** One round of the queue: every job due at `now`, batch by batch; what became of them. */
export async function runJobsRound(
  db: Database,
  handlers: Partial<JobHandlers>,
  logger: Logger,
  now: Date = new Date(),
): Promise<RoundResult> {
  const total: RoundResult = { done: 0, later: 0, retried: 0, parked: 0 };
  for (;;) {
    const batch = await runDueJobs(db, handlers, logger, now);
    for (const key of Object.keys(total) as (keyof RoundResult)[]) total[key] += batch[key];
    if (batch.done + batch.later + batch.retried + batch.parked < BATCH) return total;
  }
}

/** A job the queue gave up on, as the admin's overview lists it. */
export type ParkedJobRow = {
  id: string;
  kind: JobKind;
  subjectId: string;
  summary: string;
  attempts: number;
  lastError: string | null;
  parkedAt: Date;
};

/** The parked jobs of every kind, most recently parked first, each described by its kind. */
export async function listParkedJobs(
  db: Database,
  describers: Record<JobKind, DescribeJobs>,
  limit = 20,
): Promise<ParkedJobRow[]> {
  const rows = await db
    .select()
    .from(jobs)
    .where(eq(jobs.status, "parked"))
    .orderBy(desc(jobs.updatedAt), desc(jobs.id))
    .limit(limit);
  const summaries = new Map<string, string>();
  for (const kind of new Set(rows.map((row) => row.kind))) {
    const described = await describers[kind](
      db,
      rows.filter((row) => row.kind === kind),
    );
    for (const [id, text] of described) summaries.set(id, text);
  }
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    subjectId: row.subjectId,
    summary: summaries.get(row.id) ?? row.kind,
    attempts: row.attempts,
    lastError: row.lastError,
    parkedAt: row.updatedAt,
  }));
}

/**
 * The admin sends a parked job back to the queue (the cause was fixed): due now with a fresh count
 * of attempts, and the audit log says who did it. Only a parked job can be.
 */
export async function retryParkedJob(db: Database, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(jobs)
      .set({ status: "queued", attempts: 0, runAt: new Date(), leasedUntil: null })
      .where(and(eq(jobs.id, id), eq(jobs.status, "parked")))
      .returning({ id: jobs.id, kind: jobs.kind, subjectId: jobs.subjectId });
    if (!row) throw new DomainError("NOT_FOUND", "This task is not waiting to be tried again.");
    await recordAudit(tx, {
      actor,
      action: "job.retried",
      entity: { type: "job", id },
      before: { status: "parked", kind: row.kind, subjectId: row.subjectId },
      after: { status: "queued" },
    });
  });
}

/**
 * Releases every lease at once. Only for a database one process uses (PGlite), at its start: the
 * process that held them is gone.
 */
export async function releaseJobLeases(db: Database): Promise<number> {
  const released = await db
    .update(jobs)
    .set({ leasedUntil: null })
    .where(isNotNull(jobs.leasedUntil))
    .returning({ id: jobs.id });
  return released.length;
}
