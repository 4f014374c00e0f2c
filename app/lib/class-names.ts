import { type ClassValue, clsx } from "clsx";

/**
 * Joins class names, skipping falsy ones. It does not resolve conflicting utilities (no
 * tailwind-merge: 10 kB of script on every page): components offer props (variants, tone, align)
 * instead of letting callers override their own classes.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
