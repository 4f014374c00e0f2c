import { randomUUID } from "node:crypto";
import type { Database } from "../db/database";
import { enqueueJob, forgetJob, type Job, type JobHandler } from "../jobs/job-queue";
import type { CachePurger } from "./purge-adapters";

// Purges travel through the job queue (docs/decisions/049-shared-cache.md): a change queues the
// tags it touched in its own transaction, so a change that commits is always purged, and a cache
// that is away is asked again with the queue's growing delays. Each purge is its own job (the
// queue keeps one job per kind and subject) and leaves no row once done: it has no history
// worth keeping. With no shared cache configured (CACHE_PURGE=none) nothing is queued.

let purging = false;

/** Whether changes queue purges from now on: the server says so at start, from CACHE_PURGE. */
export function queuePurges(on: boolean): void {
  purging = on;
}

/** True when changes queue purges: a caller may skip working out tags otherwise. */
export function purgesQueued(): boolean {
  return purging;
}

/** Queues a purge of `tags` in the caller's transaction (nothing when no cache is configured). */
export async function enqueuePurge(tx: Database, tags: readonly string[]): Promise<void> {
  if (!purging || tags.length === 0) return;
  await enqueueJob(tx, {
    kind: "purge-cache",
    subjectId: randomUUID(),
    payload: { tags: [...new Set(tags)].sort().join(" ") },
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
    async run(job) {
      const tags = tagsOfJob(job);
      if (purger && tags.length > 0) await purger.purge(tags);
      await forgetJob(db, job.id);
      return undefined;
    },
  };
}
