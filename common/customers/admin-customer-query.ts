import type { AdminOrderRow, OrderHistoryEntry } from "../orders/order-types";
import type { SavedAddress } from "./uk-address";

// The admin's customers list as a URL (/dashboard/admin-customers?q=…&sort=…): the page state
// lives in the query string, so a view can be shared and reloaded. The server reads it
// (server/customers/customer-list.ts); the table's links and the search write it here. No
// validation library in this file: it ships with the admin's pages.

export const adminCustomerSortKeys = ["joined", "name", "orders", "spent", "last-order"] as const;
export type AdminCustomerSortKey = (typeof adminCustomerSortKeys)[number];

export type AdminCustomerQuery = {
  page: number;
  /** Part of a name or an email; trimmed. */
  q: string;
  sort: AdminCustomerSortKey;
  dir: "asc" | "desc";
};

export const defaultAdminCustomerQuery: AdminCustomerQuery = {
  page: 1,
  q: "",
  sort: "joined",
  dir: "desc",
};

/** `?…` for a state, leaving out what is at its default (an empty string for the defaults). */
export function adminCustomerSearch(query: AdminCustomerQuery): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(defaultAdminCustomerQuery) as (keyof AdminCustomerQuery)[]) {
    if (query[key] !== defaultAdminCustomerQuery[key]) params.set(key, String(query[key]));
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** A customer as the admin's list shows them. */
export type AdminCustomerRow = {
  id: string;
  name: string;
  email: string;
  joinedAt: Date;
  /** Paid orders (cancelled and refunded ones included: they were bought). */
  orders: number;
  /** What their paid orders came to, less what was refunded, in pence. */
  spentPence: number;
  lastOrderAt: Date | null;
  /** A confirmed newsletter subscription for their address. */
  marketing: boolean;
};

/** One customer as the admin's page shows them (server/customers/customer-profile.ts). */
export type AdminCustomerDetail = {
  customer: {
    id: string;
    name: string;
    email: string;
    phone: string | null;
    emailVerified: boolean;
    joinedAt: Date;
  };
  figures: { orders: number; spentPence: number; lastOrderAt: Date | null };
  marketing: { status: string; signedUpAt: Date; confirmedAt: Date | null } | null;
  note: string;
  orders: AdminOrderRow[];
  orderCount: number;
  addresses: SavedAddress[];
  reviews: {
    id: string;
    productId: string;
    productName: string;
    rating: number;
    title: string;
    body: string;
    hidden: boolean;
    createdAt: Date;
  }[];
  history: OrderHistoryEntry[];
};
