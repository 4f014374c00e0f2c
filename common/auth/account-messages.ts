/** A reset link that is expired, used, or never was (kept out of account-forms.ts: no Zod here). */
export const EXPIRED_RESET_LINK =
  "This password reset link has expired or has already been used. Please ask for a new one.";
