import { MAX_PASSWORD, MIN_PASSWORD } from "@common/auth/password-rules";
import { personName } from "@common/form-fields";
import { z } from "zod";

// The account forms' fields, checked by the browser (required, email type, minlength) and again by
// the server with these schemas.

const email = z
  .email("Please enter a valid email address.")
  .max(254)
  .transform((value) => value.toLowerCase());
const password = z.string().min(1, "Please enter your password.").max(MAX_PASSWORD);
/** A password being chosen: the length the accounts take (better-auth checks it again). */
export const newPasswordField = z
  .string()
  .min(MIN_PASSWORD, `Password must be at least ${MIN_PASSWORD} characters.`)
  .max(MAX_PASSWORD, `Password must be at most ${MAX_PASSWORD} characters.`);

export const signInForm = z.object({ email, password });
/** Where the shopper was going (a hidden field): the emailed link brings them back there. */
const redirectTo = z
  .string()
  .optional()
  .transform((value) => safeRedirectPath(value));

export const signUpForm = z.object({
  fullName: personName,
  email,
  password: newPasswordField,
  redirectTo,
});
export const emailForm = z.object({ email });
export const resendVerificationForm = z.object({ email, redirectTo });
export const resetPasswordForm = z.object({
  token: z.string().min(1).max(200),
  password: newPasswordField,
});

/** Whitespace, control characters and backslashes: browsers drop or rewrite them in URLs. */
const UNSAFE_IN_REDIRECT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  /[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f\u3000\ufeff\\]/;
/** Any origin will do: a path is resolved against it and must stay on it. */
const PROBE_ORIGIN = "https://shop.invalid";

/**
 * Where to go after logging in: only a path on this site, never another site. The value is read
 * as a URL on the shop's own origin (as a browser would) and refused if it leaves it, or if it
 * holds characters a browser drops (`/%09/evil.example` becomes `//evil.example`).
 */
export function safeRedirectPath(value: unknown, fallback = "/dashboard"): string {
  if (typeof value !== "string" || value.length > 2000) return fallback;
  if (!value.startsWith("/") || UNSAFE_IN_REDIRECT.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

export const detailsForm = z.object({
  fullName: personName,
  phone: z
    .string()
    .trim()
    .max(30)
    .regex(/^[+\d\s()-]*$/, "Please enter a phone number using digits, spaces, + ( ) or -."),
});

/** Taking an address out of the address book: its id, which the server checks is the customer's. */
export const forgetAddressForm = z.object({ addressId: z.string().trim().min(1).max(64) });

export const changePasswordForm = z.object({
  currentPassword: password,
  newPassword: newPasswordField,
});

/** A new sign-in address, asked with the password (docs/decisions/073). */
export const changeEmailForm = z.object({ newEmail: email, password });

export const deleteAccountForm = z.object({
  password,
  confirm: z.literal("on", "Please tick the box to confirm."),
});
