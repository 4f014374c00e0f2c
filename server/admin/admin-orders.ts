import { and, asc, count, desc, eq, gte, ilike, lt, or, type SQL, sql } from "drizzle-orm";
import type { AdminOrderQuery } from "../../common/admin/admin-order-query";
import { SHOP_TIME_ZONE } from "../../common/dates";
import { parseOrderNumber } from "../../common/orders/order-number";
import type { AdminOrderRow, RefundDueOrder } from "../../common/orders/order-types";
import { likePattern } from "../catalog/search-pattern";
import type { Database } from "../db/database";
import { orders } from "../orders/schema";
import { figures } from "./figures-cache";

// The admin's reads of the shop's orders. Callers are behind the admin's guard (the admin routes'
// middleware, server/auth/guards.ts).

/** Days are the shop's days (docs/architecture.md#data): a date range from the admin means London's midnight. */

/**
 * Orders whose money arrived when it could not be taken: paid after being cancelled, or a wrong
 * amount (docs/architecture.md#money-flow). The admin refunds them with the provider.
 */
export function listRefundDueOrders(db: Database, limit = 50): Promise<RefundDueOrder[]> {
  return db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      customerEmail: orders.customerEmail,
      totalPence: orders.totalPence,
      paymentProvider: orders.paymentProvider,
      providerIntentId: orders.providerIntentId,
      paymentError: orders.paymentError,
      updatedAt: orders.updatedAt,
    })
    .from(orders)
    .where(eq(orders.refundDue, true))
    .orderBy(desc(orders.updatedAt))
    .limit(limit);
}

export const ADMIN_ORDERS_PAGE_SIZE = 25;

export type OrderFilter = Partial<Pick<AdminOrderQuery, "q" | "status" | "from" | "to">> & {
  /** One customer's orders (their page in the admin). */
  userId?: string;
  /**
   * Whether the search reads the customers' emails: not for staff who only send orders
   * (docs/decisions/071), whom a search would tell whether an address had ordered.
   */
  byEmail?: boolean;
};

/** The start of a shop day (`YYYY-MM-DD`), `days` later, as a timestamp. */
const shopDayStart = (day: string, days = 0) =>
  sql`((${day}::date + ${days}::int)::timestamp at time zone ${SHOP_TIME_ZONE})`;

/** The conditions of the list's search, status and date range (shared by the list and the CSV). */
export function orderConditions(filter: OrderFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.q) {
    const pattern = likePattern(filter.q);
    // "GL-10241", "#10241" or "10241": that order, besides anything else the words match.
    const number = parseOrderNumber(filter.q);
    const match = or(
      number === null ? undefined : eq(orders.number, number),
      ilike(orders.id, pattern),
      filter.byEmail === false ? undefined : ilike(orders.customerEmail, pattern),
      ilike(orders.customerFullName, pattern),
    );
    if (match) conditions.push(match);
  }
  if (filter.userId) conditions.push(eq(orders.userId, filter.userId));
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.from) conditions.push(gte(orders.createdAt, shopDayStart(filter.from)));
  if (filter.to) conditions.push(lt(orders.createdAt, shopDayStart(filter.to, 1)));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** The orders list as the admin's page asks for it: kept between changes (figures-cache.ts). */
export function currentOrdersPage(db: Database, query: AdminOrderQuery, byEmail = true) {
  const key = `orders-${JSON.stringify([query.q, query.status, query.from, query.to, query.sort, query.dir, query.page, byEmail])}`;
  return figures(db, key, () => listOrders(db, { ...query, byEmail }));
}

/** Units in an order, for the list's Items column: read per row shown, by the order_items index. */
// Written out in full: inside a subquery Drizzle names columns without their table, and "id" would
// be the item's own.
const unitsOf = sql<number>`(select coalesce(sum(units.quantity), 0)::int from order_items as units where units.order_id = "orders"."id")`;

/**
 * The orders matching a search, status and date range, sorted by a column (newest first unless
 * asked otherwise; docs/product.md#states), a page at a time, with their units counted in the same query and
 * how many match in all.
 */
export async function listOrders(
  db: Database,
  query: Partial<AdminOrderQuery> & OrderFilter,
  pageSize = ADMIN_ORDERS_PAGE_SIZE,
): Promise<{ orders: AdminOrderRow[]; total: number }> {
  const column = {
    date: orders.createdAt,
    total: orders.totalPence,
    items: unitsOf,
    customer: orders.customerFullName,
    status: orders.status,
  }[query.sort ?? "date"];
  const direction = (query.dir ?? "desc") === "asc" ? asc : desc;
  const where = orderConditions(query);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: orders.id,
        number: orders.number,
        createdAt: orders.createdAt,
        status: orders.status,
        customerFullName: orders.customerFullName,
        customerEmail: orders.customerEmail,
        items: unitsOf,
        totalPence: orders.totalPence,
        refundedPence: orders.refundedPence,
      })
      .from(orders)
      .where(where)
      // The id last: rows that tie on the column keep one order from page to page.
      .orderBy(direction(column), direction(orders.createdAt), direction(orders.id))
      .limit(pageSize)
      .offset(((query.page ?? 1) - 1) * pageSize),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return { orders: rows, total: counted?.total ?? 0 };
}
