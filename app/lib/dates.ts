// Dates shown to shoppers are in the shop's time zone, whatever the server's. Each formatter is
// built once, when first used: constructing one is costly (in a browser, up to several
// milliseconds of the page's start-up for a formatter the page may never use).
export const SHOP_TIME_ZONE = "Europe/London";

function formatter(locale: string, options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | undefined;
  return () => {
    made ??= new Intl.DateTimeFormat(locale, { ...options, timeZone: SHOP_TIME_ZONE });
    return made;
  };
}

const longDate = formatter("en-GB", { day: "numeric", month: "long", year: "numeric" });
const dateTime = formatter("en-GB", { dateStyle: "medium", timeStyle: "short" });
// en-CA writes dates as YYYY-MM-DD.
const isoDay = formatter("en-CA", {});
const yearOnly = formatter("en-GB", { year: "numeric" });

/** "22 November 2026" */
export function formatLongDate(date: Date): string {
  return longDate().format(date);
}

/** "12 Nov 2026, 14:05" */
export function formatDateTime(date: Date | string): string {
  return dateTime().format(new Date(date));
}

const HOUR_MS = 3_600_000;
/** The last hour asked about (ms since the epoch, floored to the hour) and its year. */
let yearOfHour = { hour: Number.NaN, year: 0 };

/**
 * The year in the shop's time zone. London is always a whole number of hours from UTC, so its year
 * turns on a UTC hour: the answer is remembered for the hour (every page's footer asks for it).
 */
export function yearInShopTimeZone(date: Date): number {
  const hour = Math.floor(date.getTime() / HOUR_MS);
  if (hour !== yearOfHour.hour) yearOfHour = { hour, year: Number(yearOnly().format(date)) };
  return yearOfHour.year;
}

/** The shop's calendar day of a moment, "2026-11-24" (London's, whatever the server's zone). */
export function shopCalendarDay(date: Date): string {
  return isoDay().format(date);
}
