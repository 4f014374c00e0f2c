import Holidays from "date-holidays";
import { SHOP_TIME_ZONE, shopCalendarDay } from "../../common/dates";

// UK working days for delivery estimates (docs/decisions/042): Monday to Friday except the bank
// holidays of England and Wales, as the date-holidays package keeps them (its rules give every
// year, substitute days included, so nothing is fetched and no list runs out). Days are ISO
// calendar days ("2026-12-28") in the shop's time zone.

const bankHolidayRules = new Holidays("GB", "ENG");
const bankHolidaysByYear = new Map<number, ReadonlySet<string>>();

function bankHolidays(year: number): ReadonlySet<string> {
  let days = bankHolidaysByYear.get(year);
  if (!days) {
    days = new Set(
      bankHolidayRules
        .getHolidays(year)
        // "public" are the bank holidays; Mother's Day and the like are "observance".
        .filter((holiday) => holiday.type === "public")
        .map((holiday) => holiday.date.slice(0, 10)),
    );
    bankHolidaysByYear.set(year, days);
  }
  return days;
}

const DAY_MS = 86_400_000;

/** The calendar day after (or `days` after) an ISO day. */
function addDays(isoDay: string, days: number): string {
  return new Date(Date.parse(`${isoDay}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function isBankHoliday(isoDay: string): boolean {
  return bankHolidays(Number(isoDay.slice(0, 4))).has(isoDay);
}

export function isWorkingDay(isoDay: string): boolean {
  const weekday = new Date(`${isoDay}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isBankHoliday(isoDay);
}

/** The working day `count` working days after an ISO day (the day itself not counted). */
export function addWorkingDays(isoDay: string, count: number): string {
  let day = isoDay;
  for (let left = count; left > 0; ) {
    day = addDays(day, 1);
    if (isWorkingDay(day)) left -= 1;
  }
  return day;
}

let minuteFormat: Intl.DateTimeFormat | undefined;

/** Minutes after midnight in the shop's time zone at a moment. */
function shopMinutesOfDay(moment: Date): number {
  minuteFormat ??= new Intl.DateTimeFormat("en-GB", {
    timeZone: SHOP_TIME_ZONE,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const parts = minuteFormat.formatToParts(moment);
  const part = (type: "hour" | "minute") =>
    Number(parts.find((entry) => entry.type === type)?.value ?? 0);
  return part("hour") * 60 + part("minute");
}

export type DeliveryTimes = {
  minWorkingDays: number;
  maxWorkingDays: number;
  cutoffMinutes: number;
};

/**
 * When an order paid at `moment` arrives: it leaves that day if paid on a working day before the
 * cut-off, else on the next working day; then it takes the method's working days.
 */
export function deliveryWindow(
  times: DeliveryTimes,
  moment: Date,
): { dispatch: string; from: string; to: string } {
  const today = shopCalendarDay(moment);
  const dispatch =
    isWorkingDay(today) && shopMinutesOfDay(moment) < times.cutoffMinutes
      ? today
      : addWorkingDays(today, 1);
  return {
    dispatch,
    from: addWorkingDays(dispatch, times.minWorkingDays),
    to: addWorkingDays(dispatch, times.maxWorkingDays),
  };
}
