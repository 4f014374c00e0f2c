import { and, count, desc, eq, isNotNull, ne, sum } from "drizzle-orm";
import type { OrderView } from "../../app/lib/order-types";
import type { Database } from "../db/database";
import { orderItems, orders } from "../db/schema/orders";

// A customer's own orders (seed spec §2, Customer dashboard). Every function takes the user id and
// filters by it: one customer never sees another's orders. An order counts once it is paid: a
// checkout left unpaid (pending, then cancelled at expiry) is not an order the customer placed.

const placed = (userId: string) => and(eq(orders.userId, userId), isNotNull(orders.paidAt));

/**
 * Has the customer paid for an order (other than `except`)? If not, the next is their first
 * (10% off).
 */
export async function hasPaidOrder(
  db: Database,
  userId: string,
  { except }: { except?: string } = {},
): Promise<boolean> {
  const where = except ? and(placed(userId), ne(orders.id, except)) : placed(userId);
  const [row] = await db.select({ id: orders.id }).from(orders).where(where).limit(1);
  return row !== undefined;
}

/** Newest first, with items; `limit` for the overview's most recent ones. */
export async function listCustomerOrders(
  db: Database,
  userId: string,
  limit = 1000,
): Promise<OrderView[]> {
  return db.query.orders.findMany({
    columns: { id: true, status: true, totalPence: true, createdAt: true },
    where: placed(userId),
    orderBy: [desc(orders.createdAt), desc(orders.id)],
    limit,
    with: {
      items: {
        columns: {
          productId: true,
          productName: true,
          variantName: true,
          quantity: true,
          unitPricePence: true,
        },
        orderBy: [orderItems.productName],
      },
    },
  });
}

/** How many orders the customer has placed and what they came to (seed spec §2: all orders). */
export async function customerOrderTotals(
  db: Database,
  userId: string,
): Promise<{ count: number; totalPence: number }> {
  const [row] = await db
    .select({ count: count(), totalPence: sum(orders.totalPence) })
    .from(orders)
    .where(placed(userId));
  return { count: row?.count ?? 0, totalPence: Number(row?.totalPence ?? 0) };
}

/** One of the customer's own orders, whatever its status; null for anyone else's. */
export async function findCustomerOrder(db: Database, userId: string, orderId: string) {
  if (orderId.length > 64) return null;
  const [order] = await db
    .select({ id: orders.id, status: orders.status, totalPence: orders.totalPence })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  return order ?? null;
}
