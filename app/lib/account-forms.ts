import { z } from "zod";

// The account forms' fields, checked by the browser (required, email type, minlength) and again by
// the server with these schemas.

export const MIN_PASSWORD = 8;
export const MAX_PASSWORD = 128;

const email = z
  .email("Please enter a valid email address.")
  .max(254)
  .transform((value) => value.toLowerCase());
const password = z.string().min(1, "Please enter your password.").max(MAX_PASSWORD);
const newPassword = z
  .string()
  .min(MIN_PASSWORD, `Password must be at least ${MIN_PASSWORD} characters.`)
  .max(MAX_PASSWORD, `Password must be at most ${MAX_PASSWORD} characters.`);

export const signInForm = z.object({ email, password });
export const signUpForm = z.object({
  fullName: z.string().trim().min(1, "Please enter your full name.").max(100),
  email,
  password: newPassword,
});
export const emailForm = z.object({ email });
export const resetPasswordForm = z.object({
  token: z.string().min(1).max(200),
  password: newPassword,
});

export const EXPIRED_RESET_LINK =
  "This password reset link has expired or has already been used. Please ask for a new one.";

/** Where to go after logging in: only a path on this site, never another site. */
export function safeRedirectPath(value: unknown, fallback = "/dashboard"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//"))
    return fallback;
  if (value.startsWith("/\\")) return fallback;
  return value;
}

export const detailsForm = z.object({
  fullName: z.string().trim().min(1, "Please enter your full name.").max(100),
  phone: z
    .string()
    .trim()
    .max(30)
    .regex(/^[+\d\s()-]*$/, "Please enter a phone number using digits, spaces, + ( ) or -."),
});

export const changePasswordForm = z.object({
  currentPassword: password,
  newPassword,
});

export const deleteAccountForm = z.object({
  password,
  confirm: z.literal("on", "Please tick the box to confirm."),
});
