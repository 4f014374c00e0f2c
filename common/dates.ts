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
/** The last hour asked about (ms since the epoch, floored to the hour) and the shop's date then. */
let dateOfHour = { hour: Number.NaN, year: 0, today: "" };

/**
 * The shop's date at a moment as every page shows it: London's year and its day, "22 November
 * 2026". London is always a whole number of hours from UTC, so its date turns on a UTC hour: the
 * answer is kept for the hour (every page asks for it; two Intl formats cost more per page view).
 */
export function shopDate(moment: Date): { year: number; today: string } {
  const hour = Math.floor(moment.getTime() / HOUR_MS);
  if (hour !== dateOfHour.hour) {
    dateOfHour = { hour, year: Number(yearOnly().format(moment)), today: formatLongDate(moment) };
  }
  return { year: dateOfHour.year, today: dateOfHour.today };
}

/** The shop's calendar day of a moment, "2026-11-24" (London's, whatever the server's zone). */
export function shopCalendarDay(date: Date): string {
  return isoDay().format(date);
}

/** A shop day ("2026-11-27") as the shop's forms write it: "27/11/2026", whatever the browser's. */
export function formatShopDay(isoDay: string): string {
  const [year, month, day] = isoDay.split("-");
  return year && month && day ? `${day}/${month}/${year}` : "";
}

/**
 * A day as typed in a form (day first, as in the UK: "27/11/2026", "7/3/2026", with "/", "-" or "."
 * between) or as a URL carries it ("2026-11-27"), as "YYYY-MM-DD"; null unless it is a real day of
 * the calendar from 1900 (31/02 is refused, not rolled into March).
 */
export function readShopDay(text: string): string | null {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed);
  const typed = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(trimmed);
  const [year, month, day] = iso
    ? [iso[1], iso[2], iso[3]]
    : typed
      ? [typed[3], (typed[2] ?? "").padStart(2, "0"), (typed[1] ?? "").padStart(2, "0")]
      : [];
  if (!year || !month || !day || !/^(19|2\d)\d{2}$/.test(year)) return null;
  const candidate = `${year}-${month}-${day}`;
  const date = new Date(`${candidate}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(candidate)
    ? candidate
    : null;
}

const HOUR = 3_600_000;

/**
 * The moment a shop day ("2026-11-27") begins in London: midnight there is midnight UTC in winter
 * and 23:00 UTC the day before in summer.
 */
export function shopDayStart(isoDay: string): Date {
  const utcMidnight = Date.parse(`${isoDay}T00:00:00Z`);
  const hourBefore = new Date(utcMidnight - HOUR);
  return shopCalendarDay(hourBefore) === isoDay ? hourBefore : new Date(utcMidnight);
}

const localMinute = formatter("sv-SE", {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** A moment as a datetime-local field shows it in London: "2026-12-01T09:30". */
export function shopLocalMinute(moment: Date): string {
  return localMinute().format(moment).replace(" ", "T");
}

/**
 * The moment a London wall-clock time ("2026-12-01T09:30", as a datetime-local field sends it)
 * names: the hour before the same time in UTC in summer, the same in winter. A time the clocks
 * skip (01:30 on the last Sunday of March) is read as the hour after; null for what is no time.
 */
export function shopMomentOf(local: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return null;
  const utc = Date.parse(`${local}:00Z`);
  if (Number.isNaN(utc)) return null;
  const summer = new Date(utc - HOUR);
  if (shopLocalMinute(summer) === local) return summer;
  return new Date(utc);
}
