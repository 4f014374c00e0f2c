import { z } from "zod";
import {
  type AdminOrderQuery,
  adminOrderSortKeys,
  defaultAdminOrderQuery,
} from "../../common/admin/admin-order-query";
import { readShopDay } from "../../common/dates";
import { orderStatuses } from "../../common/orders/order-types";
import { pageNumber } from "../../common/page-number";

// The admin's orders list's URL state read on the server (the list and the CSV export): anything
// unreadable falls back to its default, so a hand-edited URL never fails.

// A day typed in the filters (dd/mm/yyyy, docs/admin.md) or written back in the URL (YYYY-MM-DD),
// read as YYYY-MM-DD; a day the shop cannot read (31/02, year 0) is refused.
const isoDay = z.string().transform((text, context) => {
  const day = readShopDay(text);
  if (day === null) context.addIssue({ code: "custom", message: "Not a day" });
  return day ?? "";
});

const d = defaultAdminOrderQuery;

const querySchema = z.object({
  page: pageNumber,
  q: z
    .string()
    .trim()
    .max(200)
    .transform((text) => text.replaceAll("\u0000", ""))
    .catch(d.q),
  status: z.enum(orderStatuses).or(z.literal("")).catch(d.status),
  from: isoDay.or(z.literal("")).catch(d.from),
  to: isoDay.or(z.literal("")).catch(d.to),
  sort: z.enum(adminOrderSortKeys).catch(d.sort),
  dir: z.enum(["asc", "desc"]).catch(d.dir),
}) satisfies z.ZodType<AdminOrderQuery>;

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

/**
 * The date bound a URL gives that is not a day the shop can read (the export refuses it with 400
 * rather than export every order), or null when both are days or absent.
 */
export function unreadableDateBound(params: URLSearchParams): "from" | "to" | null {
  for (const bound of ["from", "to"] as const) {
    const value = params.get(bound);
    if (value && !isoDay.safeParse(value).success) return bound;
  }
  return null;
}
