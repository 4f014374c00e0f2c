import { createHash } from "node:crypto";
import type { Database } from "../db/database";
import { clearAttempts, countAttempt } from "../rate-limit/attempt-counter";

// Sign-in attempts counted per account, whatever address they come from: better-auth's limiter
// counts per address, which a guesser spreading attempts over many addresses slips past. Counters
// are keyed by the email's hash (never the email); a successful sign-in clears its counter.

const ACCOUNT_WINDOW_MS = 15 * 60 * 1000;

/** What a refused attempt says (shown to the shopper as it is). */
export const ACCOUNT_THROTTLED =
  "Too many sign-in attempts for this account. Please try again in 15 minutes.";

function keyFor(purpose: string, email: string): string {
  const digest = createHash("sha256").update(email.trim().toLowerCase()).digest("base64url");
  return `${purpose}:${digest}`;
}

/** Counts one attempt for `email`; gives the attempts in the current window, this one included. */
export function countSignInAttempt(db: Database, email: string, now = Date.now()) {
  return countAttempt(db, keyFor("account-sign-in", email), ACCOUNT_WINDOW_MS, now);
}

export function clearSignInAttempts(db: Database, email: string) {
  return clearAttempts(db, keyFor("account-sign-in", email));
}

// Emails one address receives (verification and reset links), whoever asks and from however many
// client addresses: a victim's inbox is not a tool for flooding.

const RECIPIENT_WINDOW_MS = 60 * 60 * 1000;
export const EMAILS_PER_RECIPIENT = 3;
export const RECIPIENT_THROTTLED =
  "Too many emails have been sent to this address. Please try again later.";

/** Counts one account email for `email`; gives the count in the current hour, this one included. */
export function countEmailToRecipient(db: Database, email: string, now = Date.now()) {
  return countAttempt(db, keyFor("account-email-to", email), RECIPIENT_WINDOW_MS, now);
}

// Sign-ups for one address, from however many client addresses: the sign-up form says when an
// address is taken (the shop's spec asks for it), so each address may be asked about only a few
// times an hour (docs/decisions/035-sign-up-says-an-address-is-taken.md).

const SIGN_UP_WINDOW_MS = 60 * 60 * 1000;
export const SIGN_UPS_PER_ADDRESS = 5;
export const SIGN_UP_THROTTLED =
  "Too many sign-up attempts for this email address. Please try again later.";

/** Counts one sign-up for `email`; gives the count in the current hour, this one included. */
export function countSignUpAttempt(db: Database, email: string, now = Date.now()) {
  return countAttempt(db, keyFor("account-sign-up", email), SIGN_UP_WINDOW_MS, now);
}
