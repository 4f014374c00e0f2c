import { and, count, desc, eq, sum } from "drizzle-orm";
import type { OrderView } from "../../app/lib/order-types";
import type { Database } from "../db/database";
import { orderItems, orders } from "../db/schema/orders";

// A customer's own orders (seed spec §2, Customer dashboard). Every function takes the user id and
// filters by it: one customer never sees another's orders.

/** Newest first, with items; `limit` for the overview's most recent ones. */
export async function listCustomerOrders(
  db: Database,
  userId: string,
  limit = 1000,
): Promise<OrderView[]> {
  return db.query.orders.findMany({
    columns: { id: true, status: true, totalPence: true, createdAt: true },
    where: eq(orders.userId, userId),
    orderBy: [desc(orders.createdAt), desc(orders.id)],
    limit,
    with: {
      items: {
        columns: { productName: true, variantName: true, quantity: true, unitPricePence: true },
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
    .where(and(eq(orders.userId, userId)));
  return { count: row?.count ?? 0, totalPence: Number(row?.totalPence ?? 0) };
}
