import { randomUUID } from "node:crypto";
import type { Database } from "../db/database";
import { deleteJobs, foldJobsInto, takeDueJobsOfKind } from "../jobs/job-batches";
import { enqueueJob, type Job, type JobHandler } from "../jobs/job-queue";
import type { CachePurger } from "./purge-adapters";

// Purges travel through the job queue (docs/decisions/049-shared-cache.md, 055): a change queues
// the tags it touched in its own transaction, so a change that commits is always purged, and a
// cache that is away is asked again with the queue's growing delays. Each change queues its own
// job (never folded into one that may already be running, which would lose it), and the job that
// runs takes every purge due with it: one call to the cache for all their tags, the tags once
// each. A change the shopper makes (stock) is gathered to the end of the purge window, so however
// many come in it, the cache is asked once; an admin's edit is purged at once. Done, the jobs
// leave no row: they have no history worth keeping. With no shared cache configured
// (CACHE_PURGE=none) nothing is queued.

let purging = false;

/** Whether changes queue purges from now on: the server says so at start, from CACHE_PURGE. */
export function queuePurges(on: boolean): void {
  purging = on;
}

/** True when changes queue purges: a caller may skip working out tags otherwise. */
export function purgesQueued(): boolean {
  return purging;
}

/**
 * Gathered purges wait for the end of the window they were asked in. Windows are aligned to
 * the clock, so every instance's purges in one window run together.
 */
export const PURGE_WINDOW_MS = 10_000;

function endOfWindow(now: number): Date {
  return new Date(Math.floor(now / PURGE_WINDOW_MS) * PURGE_WINDOW_MS + PURGE_WINDOW_MS);
}

/**
 * Queues a purge of `tags` in the caller's transaction (nothing when no cache is configured):
 * at once, or `gathered` at the end of the purge window with the others asked in it.
 */
export async function enqueuePurge(
  tx: Database,
  tags: readonly string[],
  options: { gathered?: boolean } = {},
): Promise<void> {
  if (!purging || tags.length === 0) return;
  await enqueueJob(tx, {
    kind: "purge-cache",
    subjectId: randomUUID(),
    payload: { tags: [...new Set(tags)].sort().join(" ") },
    ...(options.gathered ? { runAt: endOfWindow(Date.now()) } : {}),
  });
}

export function tagsOfJob(job: Pick<Job, "payload">): string[] {
  return (job.payload.tags ?? "").split(" ").filter((tag) => tag !== "");
}

/** A cache that stays away for hours of retries leaves a parked job for the admin to see. */
const MAX_ATTEMPTS = 12;

export function purgeCacheJob(db: Database, purger: CachePurger | null): JobHandler {
  return {
    maxAttempts: MAX_ATTEMPTS,
    async run(job, { now }) {
      const taken = await takeDueJobsOfKind(db, job, now);
      if (!taken.some((row) => row.id === job.id)) return undefined;
      const ids = taken.map((row) => row.id);
      const tags = [...new Set(taken.flatMap(tagsOfJob))].sort();
      try {
        if (purger && tags.length > 0) await purger.purge(tags);
      } catch (error) {
        // This job takes the others' tags, and the failed attempt: one purge waits for the cache.
        const others = ids.filter((id) => id !== job.id);
        await foldJobsInto(db, job, { tags: tags.join(" ") }, others);
        throw error;
      }
      await deleteJobs(db, ids);
      return undefined;
    },
  };
}
