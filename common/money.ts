// The only place that turns integer pence into text (docs/architecture.md#layout rule 3), with integer arithmetic
// rather than Intl.NumberFormat (./numbers.ts says why; a property test compares the two).

import { groupThousands } from "./numbers";

function pounds(pence: number): { sign: string; whole: number; fraction: string } {
  if (!Number.isInteger(pence)) throw new TypeError(`pence must be an integer, got ${pence}`);
  const abs = Math.abs(pence);
  return {
    sign: pence < 0 ? "-" : "",
    whole: Math.floor(abs / 100),
    fraction: String(abs % 100).padStart(2, "0"),
  };
}

/** 3999 -> "£39.99", 123456 -> "£1,234.56", -250 -> "-£2.50". Pence must be a whole number. */
export function formatPence(pence: number): string {
  const { sign, whole, fraction } = pounds(pence);
  return `${sign}£${groupThousands(whole)}.${fraction}`;
}

/** 5000 -> "£50", 399 -> "£3.99": whole pounds without pence, for prices written in copy. */
export function formatPenceInText(pence: number): string {
  return pence % 100 === 0 ? formatPence(pence).replace(/\.00$/, "") : formatPence(pence);
}

/** 3999 -> "39.99": the decimal form structured data (schema.org Offer.price) expects. */
export function penceToDecimalString(pence: number): string {
  const { sign, whole, fraction } = pounds(pence);
  return `${sign}${whole}.${fraction}`;
}

/**
 * "12.34", "£12.3", "12" -> pence; null for anything else (more than two decimals, a sign, words).
 * What an admin types as an amount; no floating point on the way.
 */
export function parsePounds(text: string): number | null {
  const match = /^£?\s*(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match?.[1]) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}
