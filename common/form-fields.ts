import { z } from "zod";
import {
  hasControlCharacters,
  looksLikeLinkOrMarkup,
  NAME_WITHOUT_LINKS,
  NO_CONTROL_CHARACTERS,
} from "./text-rules";

// The typed-text fields every form shares (account, details, checkout), so a name or an address
// is checked the same way wherever it is entered, and again by the server.

/** A person's full name: 1-100 characters, no control characters, no links or markup. */
export const personName = z
  .string("Please enter your full name.")
  .trim()
  .min(1, "Please enter your full name.")
  .max(100, "Your full name is too long (at most 100 characters).")
  .refine((value) => !hasControlCharacters(value), NO_CONTROL_CHARACTERS)
  .refine((value) => !looksLikeLinkOrMarkup(value), NAME_WITHOUT_LINKS);

/** Required free text, such as an address, checked for length and control characters. */
export function requiredText(label: string, max: number, { multiline = false } = {}) {
  return z
    .string(`Please enter your ${label}.`)
    .trim()
    .min(1, `Please enter your ${label}.`)
    .max(max, `Your ${label} is too long (at most ${max} characters).`)
    .refine((value) => !hasControlCharacters(value, { multiline }), NO_CONTROL_CHARACTERS);
}
