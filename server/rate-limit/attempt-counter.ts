import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { rateLimits } from "./schema";

// Attempt counters in the database (better-auth's rate_limits table, under keys of our own), so
// every instance of the shop shares them. A counter counts within a fixed window that starts with
// its first attempt; `last_request` holds when the window began.

/**
 * Counts one attempt under `key` and gives the attempts in the current window, this one included.
 * One statement: concurrent attempts each get their own count.
 */
export async function countAttempt(
  db: Database,
  key: string,
  windowMs: number,
  now = Date.now(),
): Promise<number> {
  const windowStart = now - windowMs;
  const expired = sql`${rateLimits.lastRequest} < ${windowStart}::bigint`;
  const [row] = await db
    .insert(rateLimits)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: sql`case when ${expired} then ${now}::bigint else ${rateLimits.lastRequest} end`,
      },
    })
    .returning({ count: rateLimits.count });
  return row?.count ?? 1;
}

export async function clearAttempts(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
