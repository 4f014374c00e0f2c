import { and, asc, count, desc, eq, ilike, isNotNull, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import {
  type AdminCustomerQuery,
  type AdminCustomerRow,
  adminCustomerSortKeys,
  defaultAdminCustomerQuery,
} from "../../common/customers/admin-customer-query";
import { pageNumber } from "../../common/page-number";
import { users } from "../auth/schema";
import { likePattern } from "../catalog/search-pattern";
import type { Database } from "../db/database";
import { newsletterSubscribers } from "../newsletter/schema";
import { orders } from "../orders/schema";

// The admin's customers list (docs/admin.md, Customers): every customer account, searched by name
// or email, with what they bought worked out from their paid orders in the same query. Callers
// are behind the admin's guard.

export const ADMIN_CUSTOMERS_PAGE_SIZE = 25;

const d = defaultAdminCustomerQuery;

// Anything unreadable in a hand-edited URL falls back to its default, so the list never fails.
const querySchema = z.object({
  page: pageNumber,
  q: z.string().trim().max(200).catch(d.q),
  sort: z.enum(adminCustomerSortKeys).catch(d.sort),
  dir: z.enum(["asc", "desc"]).catch(d.dir),
}) satisfies z.ZodType<AdminCustomerQuery>;

export function parseAdminCustomerQuery(params: URLSearchParams): AdminCustomerQuery {
  return querySchema.parse({
    page: params.get("page") ?? undefined,
    q: params.get("q") ?? undefined,
    sort: params.get("sort") ?? undefined,
    dir: params.get("dir") ?? undefined,
  });
}

/** Each customer's paid orders, summed: one grouped pass over the orders, joined by user. */
function purchases(db: Database) {
  return db
    .select({
      userId: orders.userId,
      orders: sql<number>`count(*)::int`.as("paid_orders"),
      spentPence:
        sql<number>`coalesce(sum(${orders.totalPence} - ${orders.refundedPence}), 0)::int`.as(
          "spent_pence",
        ),
      lastOrderAt: sql<Date>`max(${orders.createdAt})`.as("last_order_at"),
    })
    .from(orders)
    .where(and(isNotNull(orders.paidAt), isNotNull(orders.userId)))
    .groupBy(orders.userId)
    .as("purchases");
}

/** Whose address has a confirmed newsletter subscription (the list's "marketing" column). */
const marketingConsent = sql<boolean>`exists (select 1 from ${newsletterSubscribers} where ${newsletterSubscribers.email} = lower(${users.email}) and ${newsletterSubscribers.status} = 'subscribed')`;

function customerConditions(q: string): SQL | undefined {
  const conditions: SQL[] = [eq(users.role, "customer")];
  if (q) {
    const pattern = likePattern(q);
    const match = or(ilike(users.name, pattern), ilike(users.email, pattern));
    if (match) conditions.push(match);
  }
  return and(...conditions);
}

/** A page of customers matching a search, sorted by a column, and how many match in all. */
export async function listCustomers(
  db: Database,
  query: Partial<AdminCustomerQuery>,
  pageSize = ADMIN_CUSTOMERS_PAGE_SIZE,
): Promise<{ customers: AdminCustomerRow[]; total: number }> {
  const bought = purchases(db);
  const ordersCount = sql<number>`coalesce(${bought.orders}, 0)`;
  const spent = sql<number>`coalesce(${bought.spentPence}, 0)`;
  const column = {
    joined: users.createdAt,
    name: users.name,
    orders: ordersCount,
    spent,
    "last-order": bought.lastOrderAt,
  }[query.sort ?? "joined"];
  const direction = (query.dir ?? "desc") === "asc" ? asc : desc;
  // Never bought: last of all, whichever way the last order is sorted.
  const nullsLast = query.sort === "last-order" ? [sql`${bought.lastOrderAt} is null`] : [];
  const where = customerConditions(query.q ?? "");
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        joinedAt: users.createdAt,
        orders: sql<number>`${ordersCount}::int`,
        spentPence: sql<number>`${spent}::int`,
        lastOrderAt: bought.lastOrderAt,
        marketing: marketingConsent,
      })
      .from(users)
      .leftJoin(bought, eq(bought.userId, users.id))
      .where(where)
      // The id last: rows that tie on the column keep one order from page to page.
      .orderBy(...nullsLast, direction(column), direction(users.id))
      .limit(pageSize)
      .offset(((query.page ?? 1) - 1) * pageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return {
    customers: rows.map((row) => ({
      ...row,
      lastOrderAt: row.lastOrderAt ? new Date(row.lastOrderAt) : null,
    })),
    total: counted?.total ?? 0,
  };
}
