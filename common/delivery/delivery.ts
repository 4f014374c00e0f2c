import type { DeliveryPrice } from "../checkout/pricing";

// A way to deliver as the checkout, the order and the emails show it (server/delivery/ decides
// them; docs/decisions/042). Days are ISO calendar days in the shop's time zone.

export type DeliveryOption = DeliveryPrice & {
  id: string;
  name: string;
  /** The standard delivery: the one the announcement bar and the shipping page describe. */
  standard: boolean;
  minWorkingDays: number;
  maxWorkingDays: number;
  /** Minutes after midnight, UK time: paid before this on a working day, it leaves that day. */
  cutoffMinutes: number;
  /** The estimate for an order paid now: the first and last day it may arrive. */
  from: string;
  to: string;
};

const dayFormat = new Map<string, Intl.DateTimeFormat>();

function formatDay(isoDay: string, options: Intl.DateTimeFormatOptions): string {
  const key = JSON.stringify(options);
  let format = dayFormat.get(key);
  if (!format) {
    // The day is a calendar day, not a moment: read and written in UTC, it never shifts.
    format = new Intl.DateTimeFormat("en-GB", { ...options, timeZone: "UTC" });
    dayFormat.set(key, format);
  }
  return format.format(new Date(`${isoDay}T12:00:00Z`));
}

/** "Tuesday 1 December", or "Monday 4 – Wednesday 6 January" ("... 31 December – ... 4 January"). */
export function formatDeliveryWindow(from: string, to: string): string {
  const long = { weekday: "long", day: "numeric", month: "long" } as const;
  if (from === to) return formatDay(from, long);
  const sameMonth = from.slice(0, 7) === to.slice(0, 7);
  const start = sameMonth
    ? formatDay(from, { weekday: "long", day: "numeric" })
    : formatDay(from, long);
  return `${start} – ${formatDay(to, long)}`;
}

/** "5-7 working days", "1 working day". */
export function workingDaysText(min: number, max: number): string {
  const days = min === max ? String(min) : `${min}-${max}`;
  return `${days} working ${max === 1 ? "day" : "days"}`;
}

/** A cut-off as the site writes times: 840 is "2pm", 750 is "12:30pm", 0 is "midnight". */
export function formatCutoff(minutes: number): string {
  if (minutes === 0) return "midnight";
  const hour = Math.floor(minutes / 60);
  const minute = minutes % 60;
  const suffix = hour < 12 ? "am" : "pm";
  const clock = hour % 12 === 0 ? 12 : hour % 12;
  return minute === 0
    ? `${clock}${suffix}`
    : `${clock}:${String(minute).padStart(2, "0")}${suffix}`;
}

/** "14:00" for a form, from minutes after midnight. */
export function cutoffClock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** Minutes after midnight from a form's "14:00" (24-hour, as an `<input type="time">` sends it). */
export function readCutoffClock(text: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** How an order travels, as the order keeps it (empty on orders from before the choice). */
export type OrderDelivery = {
  deliveryMethodName: string | null;
  deliveryFrom: string | null;
  deliveryTo: string | null;
};

/** "Express delivery, estimated Tuesday 1 – Wednesday 2 December"; null for an older order. */
export function orderDeliveryText(order: OrderDelivery): string | null {
  if (!order.deliveryMethodName) return null;
  return order.deliveryFrom && order.deliveryTo
    ? `${order.deliveryMethodName}, estimated ${formatDeliveryWindow(order.deliveryFrom, order.deliveryTo)}`
    : order.deliveryMethodName;
}
