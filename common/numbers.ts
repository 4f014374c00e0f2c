// Whole numbers as en-GB writes them ("10,004"), with string arithmetic rather than Intl: the
// first use of Intl's number formatting (toLocaleString, Intl.NumberFormat) costs Chromium
// 40-110 ms loading its number data, in the middle of the page's hydration (measured in Debian's
// Chromium 156 on the test machine), and the text no longer depends on the ICU data of the server
// or the browser. A property test compares the two.

/** 10004 -> "10,004", -1234 -> "-1,234". */
export function groupThousands(value: number): string {
  if (!Number.isInteger(value)) throw new TypeError(`expected a whole number, got ${value}`);
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ",");
  return value < 0 ? `-${digits}` : digits;
}
