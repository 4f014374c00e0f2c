// A product's options (Shade, Pack...) and its variants' values, as the admin's editor, the
// server's checks, the CSV import and the product page all read them: one rule each.

/** Shopify's limit, and the CSV's Option1-3 columns. */
export const MAX_OPTIONS = 3;

/** What sits between a variant's values in its name: "Soft mint / 2 pack". */
const VALUE_SEPARATOR = " / ";

/** A variant's name when its product has options: its values in the options' order. */
export function variantNameFor(values: readonly string[]): string {
  return values.join(VALUE_SEPARATOR);
}

/** The values of one option, each once, in the order the variants first use them. */
export function valuesOfOption(
  variants: readonly { optionValues: readonly string[] }[],
  index: number,
): string[] {
  const seen = new Set<string>();
  for (const variant of variants) {
    const value = variant.optionValues[index];
    if (value !== undefined) seen.add(value);
  }
  return [...seen];
}

/** Every combination of the options' values, the first option's changing slowest (Shopify's order). */
export function optionCombinations(values: readonly (readonly string[])[]): string[][] {
  let combinations: string[][] = [[]];
  for (const optionValues of values) {
    combinations = combinations.flatMap((start) => optionValues.map((value) => [...start, value]));
  }
  return values.length === 0 ? [] : combinations;
}

/** Comparable key of a variant's values: option values are matched without regard to case. */
export function valuesKey(values: readonly string[]): string {
  return JSON.stringify(values.map((value) => value.trim().toLowerCase()));
}

/**
 * The variant a shopper reaches by choosing `value` for option `index` from `current`: the one with
 * the same other values, else the first that has this value at all.
 */
export function variantChosen<Variant extends { optionValues: readonly string[] }>(
  variants: readonly Variant[],
  current: Variant | undefined,
  index: number,
  value: string,
): Variant | undefined {
  const wanted = [...(current?.optionValues ?? [])];
  wanted[index] = value;
  const key = valuesKey(wanted);
  return (
    variants.find((variant) => valuesKey(variant.optionValues) === key) ??
    variants.find((variant) => variant.optionValues[index] === value)
  );
}

/**
 * Whether `code` is a GTIN (EAN-8, UPC-A, EAN-13 or GTIN-14) with a correct check digit: what
 * Google Merchant Center and barcode scanners accept.
 */
export function isGtin(code: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(code)) return false;
  const digits = [...code].map(Number);
  const check = digits.pop() ?? 0;
  // From the right, not counting the check digit: weights 3, 1, 3, 1...
  const sum = digits
    .reverse()
    .reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}
