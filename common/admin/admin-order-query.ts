import type { OrderStatus } from "../orders/order-types";

// The admin's orders list as a URL (/dashboard/admin-orders?q=…&status=…&sort=…): the page state
// lives in the query string, so a view can be shared, reloaded and exported as CSV. The server
// reads it (server/admin/admin-order-query.ts); the table's links and the filters write it here.
// No validation library in this file: it ships with the admin's pages.

export const adminOrderSortKeys = ["date", "total", "items", "customer", "status"] as const;
export type AdminOrderSortKey = (typeof adminOrderSortKeys)[number];

export type AdminOrderQuery = {
  page: number;
  /** Order id, email or name; trimmed. */
  q: string;
  status: OrderStatus | "";
  /** Shop days, `YYYY-MM-DD`, or "" for no bound. */
  from: string;
  to: string;
  sort: AdminOrderSortKey;
  dir: "asc" | "desc";
};

export const defaultAdminOrderQuery: AdminOrderQuery = {
  page: 1,
  q: "",
  status: "",
  from: "",
  to: "",
  sort: "date",
  dir: "desc",
};

/** `?…` for a state, leaving out what is at its default (an empty string for the defaults). */
export function adminOrderSearch(query: AdminOrderQuery): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(defaultAdminOrderQuery) as (keyof AdminOrderQuery)[]) {
    if (query[key] !== defaultAdminOrderQuery[key]) params.set(key, String(query[key]));
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}
