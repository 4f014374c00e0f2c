/**
 * What every page form's action answers (server/http/form-action.ts); the page turns it into the
 * product's toasts (docs/product.md#validation).
 */
export type FormAnswer = {
  intent: string;
  ok: boolean;
  message?: string;
  /** The DomainError's code when the form was refused, e.g. EMAIL_NOT_VERIFIED, RATE_LIMITED. */
  code?: string;
  /** The form field the refusal is about (a field that did not pass its rule). */
  field?: string;
  /** Every field that did not pass its rule, each with its message (the first one is `field`). */
  problems?: { field: string; message: string }[];
  /** Echoed back when the page may offer to resend the verification email. */
  email?: string;
  /** What an operation gives the page to show (a page's preview), when it gives anything. */
  reply?: unknown;
};
