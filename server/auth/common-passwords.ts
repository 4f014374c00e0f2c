import { dictionary } from "@zxcvbn-ts/language-common";

// Passwords that guessers try first (OWASP ASVS 5.0 V6.2.4): the 49,000 most common from
// zxcvbn-ts's list, compared without regard to case. A new password in it is refused at sign-up,
// reset and change (server/auth/auth.ts); signing in with an existing one still works.

export const COMMON_PASSWORD = "This password is too common. Please choose a less guessable one.";

let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"].map((entry) => entry.toLowerCase()));
  return common.has(password.toLowerCase());
}
