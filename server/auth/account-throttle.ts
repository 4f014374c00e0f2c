import { createHash, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { rateLimits } from "../db/schema/auth";

// Sign-in attempts counted per account, whatever address they come from: better-auth's limiter
// counts per address, which a guesser spreading attempts over many addresses slips past. The
// counter lives in better-auth's rate_limits table under its own key (the email's hash, never the
// email), so every instance shares it; a successful sign-in clears it.

export const ACCOUNT_WINDOW_MS = 15 * 60 * 1000;

/** What a refused attempt says (shown to the shopper as it is). */
export const ACCOUNT_THROTTLED =
  "Too many sign-in attempts for this account. Please try again in 15 minutes.";

function keyFor(email: string): string {
  const digest = createHash("sha256").update(email.trim().toLowerCase()).digest("base64url");
  return `account-sign-in:${digest}`;
}

/**
 * Counts one attempt for `email` and gives the attempts in the current window, this one included.
 * One statement: concurrent attempts each get their own count. `last_request` holds when the
 * window began.
 */
export async function countSignInAttempt(
  db: Database,
  email: string,
  now = Date.now(),
): Promise<number> {
  const windowStart = now - ACCOUNT_WINDOW_MS;
  const [row] = await db
    .insert(rateLimits)
    .values({ id: randomUUID(), key: keyFor(email), count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.lastRequest} < ${windowStart}::bigint then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: sql`case when ${rateLimits.lastRequest} < ${windowStart}::bigint then ${now}::bigint else ${rateLimits.lastRequest} end`,
      },
    })
    .returning({ count: rateLimits.count });
  return row?.count ?? 1;
}

export async function clearSignInAttempts(db: Database, email: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, keyFor(email)));
}
