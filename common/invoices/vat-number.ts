// UK VAT registration numbers as HMRC issues them: "GB" and 9 digits (their check digits
// verified), 12 digits (a branch of a group), or GBGD/GBHA and 3 digits (government departments,
// health authorities). The form writes one with spaces as people read it: "GB 999 9999 73".

export const VAT_NUMBER_MESSAGE = "Enter a UK VAT registration number, such as GB 999 9999 73.";

/** The 9-digit number's check: the weighted sum, with the last two digits, a multiple of 97 (or with 55 added, for numbers issued since 2010). */
function checkDigitsHold(digits: string): boolean {
  const weights = [8, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((total, weight, index) => total + weight * Number(digits[index]), 0);
  const total = sum + Number(digits.slice(7, 9));
  return total % 97 === 0 || (total + 55) % 97 === 0;
}

/** The number normalised ("GB999999973"), or null if it is not a UK VAT number. */
export function normaliseVatNumber(text: string): string | null {
  const compact = text.replace(/[\s.-]/g, "").toUpperCase();
  const withPrefix = compact.startsWith("GB") ? compact : `GB${compact}`;
  const government = /^GB(GD[0-4]\d{2}|HA[5-9]\d{2})$/.exec(withPrefix);
  if (government) return withPrefix;
  const standard = /^GB(\d{9})(\d{3})?$/.exec(withPrefix);
  if (!standard?.[1] || !checkDigitsHold(standard[1])) return null;
  return withPrefix;
}

/** As invoices print it: "GB 999 9999 73" (a branch's three digits after). */
export function formatVatNumber(normalised: string): string {
  const digits = /^GB(\d{3})(\d{4})(\d{2})(\d{3})?$/.exec(normalised);
  if (!digits) return normalised;
  return ["GB", digits[1], digits[2], digits[3], digits[4]].filter(Boolean).join(" ");
}

/** Companies House numbers: 8 digits, or 2 letters and 6 digits (SC123456). */
export function normaliseCompanyNumber(text: string): string | null {
  const compact = text.replace(/\s/g, "").toUpperCase();
  const padded = /^\d{1,8}$/.test(compact) ? compact.padStart(8, "0") : compact;
  return /^(\d{8}|[A-Z]{2}\d{6})$/.test(padded) ? padded : null;
}
