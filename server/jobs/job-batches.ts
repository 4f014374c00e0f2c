import { and, eq, inArray, isNull, lte, or } from "drizzle-orm";
import type { Database } from "../db/database";
import { type Job, LEASE_MS } from "./job-queue";
import { jobs } from "./schema";

// Jobs run together (the cache's gathered purges, docs/decisions/055-gathered-purges.md): one job
// takes the others of its kind that are due, does their work in one go, and leaves none behind.
// The queue owns its table (docs/decisions/061-a-domain-in-one-place.md): a kind's handler asks
// for these steps instead of writing job rows itself.

/**
 * Takes `job` and every other job of its kind due at `now` that no runner holds (or that this
 * round's claim holds, as it holds `job`), leasing them as the queue leases what it claims: a
 * crash leaves them to be run again once the lease ends. None when another runner took `job`
 * first.
 */
export async function takeDueJobsOfKind(
  db: Database,
  job: Job,
  now: Date,
): Promise<Pick<Job, "id" | "payload">[]> {
  const heldByThisRound = job.leasedUntil ? [eq(jobs.leasedUntil, job.leasedUntil)] : [];
  return db
    .update(jobs)
    .set({ leasedUntil: new Date(now.getTime() + LEASE_MS) })
    .where(
      and(
        eq(jobs.kind, job.kind),
        eq(jobs.status, "queued"),
        lte(jobs.runAt, now),
        or(
          eq(jobs.id, job.id),
          isNull(jobs.leasedUntil),
          lte(jobs.leasedUntil, now),
          ...heldByThisRound,
        ),
      ),
    )
    .returning({ id: jobs.id, payload: jobs.payload });
}

/** After a failed attempt: `job` carries the work of `others` (its new payload), which go. */
export async function foldJobsInto(
  db: Database,
  job: Pick<Job, "id">,
  payload: Job["payload"],
  others: readonly string[],
): Promise<void> {
  if (others.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.update(jobs).set({ payload }).where(eq(jobs.id, job.id));
    await tx.delete(jobs).where(inArray(jobs.id, [...others]));
  });
}

/** Jobs whose work is done and leaves no history worth keeping. */
export async function deleteJobs(db: Database, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await db.delete(jobs).where(inArray(jobs.id, [...ids]));
}
