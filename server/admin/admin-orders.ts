import { count, desc, eq, sql } from "drizzle-orm";
import type { AdminOrderRow, RefundDueOrder } from "../../app/lib/order-types";
import type { Database } from "../db/database";
import { orderItems, orders } from "../db/schema/orders";

// The admin's reads of the shop's orders. Callers are behind the admin's guard (the admin routes'
// middleware, server/auth/guards.ts).

/**
 * Orders whose money arrived when it could not be taken: paid after being cancelled, or a wrong
 * amount (DESIGN §5). The admin refunds them with the provider.
 */
export function listRefundDueOrders(db: Database, limit = 50): Promise<RefundDueOrder[]> {
  return db
    .select({
      id: orders.id,
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

/**
 * Every order, newest first (seed spec §4: admin orders by created_at descending), a page at a
 * time, with its number of items counted in the same query and the total number of orders.
 */
export async function listOrders(
  db: Database,
  { page, pageSize = ADMIN_ORDERS_PAGE_SIZE }: { page: number; pageSize?: number },
): Promise<{ orders: AdminOrderRow[]; total: number }> {
  const units = db
    .select({
      orderId: orderItems.orderId,
      items: sql<number>`sum(${orderItems.quantity})::int`.as("items"),
    })
    .from(orderItems)
    .groupBy(orderItems.orderId)
    .as("units");
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: orders.id,
        createdAt: orders.createdAt,
        status: orders.status,
        customerFullName: orders.customerFullName,
        customerEmail: orders.customerEmail,
        items: sql<number>`coalesce(${units.items}, 0)::int`,
        totalPence: orders.totalPence,
      })
      .from(orders)
      .leftJoin(units, eq(units.orderId, orders.id))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(orders),
  ]);
  return { orders: rows, total: counted?.total ?? 0 };
}
