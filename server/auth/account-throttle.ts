import { createHash } from "node:crypto";
import type { Database } from "../db/database";
import { clearAttempts, countAttempt } from "../rate-limit/attempt-counter";

// Sign-in attempts counted per account, whatever address they come from: better-auth's limiter
// counts per address, which a guesser spreading attempts over many addresses slips past. The
// counter is keyed by the email's hash (never the email); a successful sign-in clears it.

export const ACCOUNT_WINDOW_MS = 15 * 60 * 1000;

/** What a refused attempt says (shown to the shopper as it is). */
export const ACCOUNT_THROTTLED =
  "Too many sign-in attempts for this account. Please try again in 15 minutes.";

function keyFor(email: string): string {
  const digest = createHash("sha256").update(email.trim().toLowerCase()).digest("base64url");
  return `account-sign-in:${digest}`;
}

/** Counts one attempt for `email`; gives the attempts in the current window, this one included. */
export function countSignInAttempt(db: Database, email: string, now = Date.now()) {
  return countAttempt(db, keyFor(email), ACCOUNT_WINDOW_MS, now);
}

export function clearSignInAttempts(db: Database, email: string) {
  return clearAttempts(db, keyFor(email));
}
