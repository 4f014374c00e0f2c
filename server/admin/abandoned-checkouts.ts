import {
  and,
  count,
  desc,
  eq,
  exists,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
} from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AbandonedCheckout } from "../../common/admin/abandoned-checkout";
import { DEFAULT_VARIANT_NAME } from "../../common/cart/cart-rules";
import type { Database } from "../db/database";
import { orderItems, orders } from "../orders/schema";

// The admin's abandoned checkouts (docs/admin.md#abandoned-checkouts): customers' orders never
// paid, each with what it held, its value, whether the checkout reminder went and whether the
// customer came back and bought. Worked out from the orders in one statement a page.
//
// - A retry is not an abandonment: an order followed by another of the same customer within
//   RETRY_MINUTES, before any reminder (a changed cart, another tab, a declined card tried
//   again), is left out; the later order stands for the checkout.
// - Recovered: the customer paid for an order made after it, within RECOVERY_DAYS.

export const ABANDONED_PAGE_SIZE = 25;
const RETRY_MINUTES = 60;
const RECOVERY_DAYS = 7;

const later = alias(orders, "later_orders");
const recovery = alias(orders, "recovery_orders");

function abandonedWhere(db: Database, since: Date) {
  const retried = db
    .select({ one: sql`1` })
    .from(later)
    .where(
      and(
        eq(later.userId, orders.userId),
        gt(later.createdAt, orders.createdAt),
        lte(later.createdAt, sql`${orders.createdAt} + make_interval(mins => ${RETRY_MINUTES})`),
        or(isNull(orders.reminderSentAt), sql`${later.createdAt} < ${orders.reminderSentAt}`),
      ),
    );
  return and(
    isNull(orders.paidAt),
    inArray(orders.status, ["pending", "cancelled"]),
    isNotNull(orders.userId),
    gt(orders.createdAt, since),
    sql`not ${exists(retried)}`,
  );
}

/** A page of abandoned checkouts started since `since`, newest first, and the figures of them all. */
export async function listAbandonedCheckouts(
  db: Database,
  { page = 1, since }: { page?: number; since: Date },
): Promise<{
  checkouts: AbandonedCheckout[];
  total: number;
  totalPence: number;
  reminded: number;
  recovered: number;
  recoveredPence: number;
}> {
  const where = abandonedWhere(db, since);
  const recoveredBy = db
    .select({ id: recovery.id })
    .from(recovery)
    .where(
      and(
        eq(recovery.userId, orders.userId),
        isNotNull(recovery.paidAt),
        gt(recovery.createdAt, orders.createdAt),
        lte(recovery.createdAt, sql`${orders.createdAt} + make_interval(days => ${RECOVERY_DAYS})`),
      ),
    )
    .orderBy(recovery.createdAt)
    .limit(1);
  const recoveredId = sql<string | null>`(${recoveredBy})`;
  const line = sql`${orderItems.quantity} || ' × ' || ${orderItems.productName} || case when ${orderItems.variantName} = ${DEFAULT_VARIANT_NAME} then '' else ' (' || ${orderItems.variantName} || ')' end`;
  const itemList = db
    .select({ items: sql<string>`string_agg(${line}, ', ' order by ${orderItems.productName})` })
    .from(orderItems)
    .where(eq(orderItems.orderId, orders.id));
  const items = sql<string>`coalesce((${itemList}), '')`;
  const [rows, [figures]] = await Promise.all([
    db
      .select({
        orderId: orders.id,
        number: orders.number,
        userId: orders.userId,
        customerName: orders.customerFullName,
        customerEmail: orders.customerEmail,
        items,
        totalPence: orders.totalPence,
        startedAt: orders.createdAt,
        status: orders.status,
        reminderSentAt: orders.reminderSentAt,
        recoveredId,
      })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(ABANDONED_PAGE_SIZE)
      .offset((page - 1) * ABANDONED_PAGE_SIZE),
    db
      .select({
        total: count(),
        totalPence: sql<number>`coalesce(sum(${orders.totalPence}), 0)::int`,
        reminded: sql<number>`count(${orders.reminderSentAt})::int`,
        recovered: sql<number>`count(${recoveredId})::int`,
        recoveredPence: sql<number>`coalesce(sum(${orders.totalPence}) filter (where ${recoveredId} is not null), 0)::int`,
      })
      .from(orders)
      .where(where),
  ]);
  const recoveredIds = rows.flatMap((row) => (row.recoveredId ? [row.recoveredId] : []));
  const numbers = recoveredIds.length
    ? await db
        .select({ id: orders.id, number: orders.number })
        .from(orders)
        .where(inArray(orders.id, recoveredIds))
    : [];
  const numberOf = new Map(numbers.map((row) => [row.id, row.number]));
  return {
    checkouts: rows.map(({ status, recoveredId: recovered, ...row }) => ({
      ...row,
      open: status === "pending",
      recoveredBy: recovered ? { orderId: recovered, number: numberOf.get(recovered) ?? 0 } : null,
    })),
    total: figures?.total ?? 0,
    totalPence: figures?.totalPence ?? 0,
    reminded: figures?.reminded ?? 0,
    recovered: figures?.recovered ?? 0,
    recoveredPence: figures?.recoveredPence ?? 0,
  };
}
