/** A reset link that is expired, used, or never was (kept out of account-forms.ts: no Zod here). */
export const EXPIRED_RESET_LINK =
  "This password reset link has expired or has already been used. Please ask for a new one.";

/** A staff invitation's link that is expired, used, withdrawn, or never was. */
export const INVITE_GONE =
  "This invitation link has expired or was already used. Ask the shop's owner to send a new one.";

/** An address another account signs in with (the sign-up form's words). */
export const EMAIL_IN_USE = "This email address is already in use.";

/** An email change's link that is expired, used, or never was. */
export const EMAIL_CHANGE_GONE =
  "This link has expired or was already used. Ask for the change again from your settings.";
