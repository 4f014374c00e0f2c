// Orders' numbers as people read and type them: the success page, the dashboards, the emails and
// the admin's search. The database gives each order a sequential number (the order_numbers
// sequence); the prefix makes it recognisable in an inbox or on the phone. The id stays internal.

const PREFIX = "GL-";

/** GL-10241 for order number 10241. */
export function formatOrderNumber(number: number): string {
  return `${PREFIX}${number}`;
}

/**
 * The number in what someone typed: "GL-10241", "gl 10241", "#10241" or "10241"; null when it is
 * not an order number.
 */
export function parseOrderNumber(text: string): number | null {
  const match = /^\s*#?\s*(?:gl\s*-?\s*)?(\d{1,9})\s*$/i.exec(text);
  if (!match?.[1]) return null;
  const number = Number(match[1]);
  return Number.isSafeInteger(number) && number > 0 && number <= 2_147_483_647 ? number : null;
}
