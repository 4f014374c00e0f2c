// The only place that turns integer pence into text (DESIGN §3 rule 3).

const gbp = new Intl.NumberFormat("en-GB", {
  style: "currency",
  currency: "GBP",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 3999 -> "£39.99". Pence must be a whole number. */
export function formatPence(pence: number): string {
  if (!Number.isInteger(pence)) throw new TypeError(`pence must be an integer, got ${pence}`);
  return gbp.format(pence / 100);
}

/** 5000 -> "£50", 399 -> "£3.99": whole pounds without pence, for prices written in copy. */
export function formatPenceInText(pence: number): string {
  return pence % 100 === 0 ? formatPence(pence).replace(/\.00$/, "") : formatPence(pence);
}

/** 3999 -> "39.99": the decimal form structured data (schema.org Offer.price) expects. */
export function penceToDecimalString(pence: number): string {
  if (!Number.isInteger(pence)) throw new TypeError(`pence must be an integer, got ${pence}`);
  const sign = pence < 0 ? "-" : "";
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
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
