/** What the account forms' actions answer; the page turns it into the seed spec's toasts. */
export type AccountActionResult = {
  intent: string;
  ok: boolean;
  message?: string;
  /** better-auth's or our code, e.g. EMAIL_NOT_VERIFIED, EMAIL_IN_USE, RATE_LIMITED. */
  code?: string;
  /** Echoed back when the page may offer to resend the verification email. */
  email?: string;
};

/** A reset link that is expired, used, or never was (kept out of account-forms.ts: no Zod here). */
export const EXPIRED_RESET_LINK =
  "This password reset link has expired or has already been used. Please ask for a new one.";
