// Dates shown to shoppers are in the shop's time zone, whatever the server's. Formatters are built
// once: constructing Intl formatters is costly on every request.
export const SHOP_TIME_ZONE = "Europe/London";

const longDate = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: SHOP_TIME_ZONE,
});

const dateTime = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: SHOP_TIME_ZONE,
});

// en-CA writes dates as YYYY-MM-DD.
const isoDay = new Intl.DateTimeFormat("en-CA", { timeZone: SHOP_TIME_ZONE });

const yearOnly = new Intl.DateTimeFormat("en-GB", { year: "numeric", timeZone: SHOP_TIME_ZONE });

/** "22 November 2026" */
export function formatLongDate(date: Date): string {
  return longDate.format(date);
}

/** "12 Nov 2026, 14:05" */
export function formatDateTime(date: Date | string): string {
  return dateTime.format(new Date(date));
}

export function yearInShopTimeZone(date: Date): number {
  return Number(yearOnly.format(date));
}

/** The shop's calendar day of a moment, "2026-11-24" (London's, whatever the server's zone). */
export function shopCalendarDay(date: Date): string {
  return isoDay.format(date);
}
