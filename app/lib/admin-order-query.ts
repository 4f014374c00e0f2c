import { z } from "zod";

// The admin's orders list as a URL (/dashboard/admin-orders?q=…&status=…&sort=…): the page state
// lives in the query string, so a view can be shared, reloaded and exported as CSV. The route, the
// CSV export and the table's links read and write it through this one module.

export const adminOrderStatuses = [
  "pending",
  "paid",
  "fulfilled",
  "delivered",
  "cancelled",
  "refunded",
] as const;
const adminOrderSortKeys = ["date", "total", "items", "customer", "status"] as const;
export type AdminOrderSortKey = (typeof adminOrderSortKeys)[number];

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  // A real day of the calendar: 2026-02-31 is refused, not rolled over into March.
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
  });

const querySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  q: z
    .string()
    .trim()
    .max(200)
    .transform((text) => text.replaceAll("\u0000", ""))
    .catch(""),
  status: z.enum(adminOrderStatuses).or(z.literal("")).catch(""),
  from: isoDay.or(z.literal("")).catch(""),
  to: isoDay.or(z.literal("")).catch(""),
  sort: z.enum(adminOrderSortKeys).catch("date"),
  dir: z.enum(["asc", "desc"]).catch("desc"),
});

export type AdminOrderQuery = z.infer<typeof querySchema>;

export const defaultAdminOrderQuery: AdminOrderQuery = querySchema.parse({});

/** The list's state from a URL's query; anything unreadable falls back to its default. */
export function parseAdminOrderQuery(params: URLSearchParams): AdminOrderQuery {
  return querySchema.parse({
    page: params.get("page") ?? undefined,
    q: params.get("q") ?? undefined,
    status: params.get("status") ?? undefined,
    from: params.get("from") ?? undefined,
    to: params.get("to") ?? undefined,
    sort: params.get("sort") ?? undefined,
    dir: params.get("dir") ?? undefined,
  });
}

/** `?…` for a state, leaving out what is at its default (an empty string for the defaults). */
export function adminOrderSearch(query: AdminOrderQuery): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(defaultAdminOrderQuery) as (keyof AdminOrderQuery)[]) {
    if (query[key] !== defaultAdminOrderQuery[key]) params.set(key, String(query[key]));
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}
