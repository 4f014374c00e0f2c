// Expected failures carry a code; one function maps a code to an HTTP status (docs/architecture.md#layout rule 5).

export const errorCodes = [
  "BAD_REQUEST",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  /** Signing in to an account whose address is not confirmed yet: the page offers a new link. */
  "EMAIL_NOT_VERIFIED",
  "NOT_FOUND",
  "CONFLICT",
  "OUT_OF_STOCK",
  "RATE_LIMITED",
  "PAYMENT_FAILED",
  "UNAVAILABLE",
] as const;

export type ErrorCode = (typeof errorCodes)[number];

const statusByCode: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  EMAIL_NOT_VERIFIED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  OUT_OF_STOCK: 409,
  RATE_LIMITED: 429,
  /** The card was refused (declined, no funds): 402 Payment Required, as card APIs answer. */
  PAYMENT_FAILED: 402,
  UNAVAILABLE: 503,
};

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    /** Shown to the user as is: the product's wording where it has one (docs/product.md#messages). */
    message: string,
    /** The form field at fault, when there is one: the page shows the message beside it. */
    readonly field?: string,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export function httpStatusFor(code: ErrorCode): number {
  return statusByCode[code];
}

/** The message safe to show a user: a DomainError's own, otherwise the caller's fallback. */
export function publicMessage(error: unknown, fallback: string): string {
  return error instanceof DomainError ? error.message : fallback;
}
