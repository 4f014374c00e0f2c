import { and, asc, count, desc, eq, inArray, isNotNull, ne, type SQL, sql, sum } from "drizzle-orm";
import type {
  CustomerOrderDetail,
  CustomerOrderEvent,
  OrderView,
} from "../../common/orders/order-types";
import { auditLog } from "../audit/schema";
import type { Database } from "../db/database";
import { orderItems, orders } from "./schema";

// A customer's own orders (docs/product.md#screens, Customer dashboard). Every function takes the user id and
// filters by it: one customer never sees another's orders. An order counts once it is paid: a
// checkout left unpaid (pending, then cancelled at expiry) is not an order the customer placed.

const placed = (userId: string | SQL) => and(eq(orders.userId, userId), isNotNull(orders.paidAt));

/** What the payment provider is asked for: the total less what a gift card paid (decision record 066). */
export function chargeOf(order: { totalPence: number; giftCardPence: number }): number {
  return order.totalPence - order.giftCardPence;
}

/**
 * For a query of users: whether the customer has paid for an order, as hasPaidOrder says, read in
 * the same statement. `userId` is the outer query's column named in full (`"users"."id"`): Drizzle
 * names a column of a one-table query without its table, which inside this subquery would be the
 * order's own.
 */
export function paidOrderExists(db: Database, userId: SQL): SQL<boolean> {
  return sql<boolean>`exists (${db.select({ one: sql`1` }).from(orders).where(placed(userId))})`;
}

/**
 * For a query of users: the ids of the customer's pending orders, each row locked (FOR UPDATE) in
 * the same statement, so a payment landing for one now either commits first (the order is then
 * no longer pending, and not listed) or waits for the caller's transaction.
 */
export function pendingOrderIdsLocked(userId: SQL): SQL<string[]> {
  return sql<
    string[]
  >`array(select ${orders.id} from ${orders} where ${orders.userId} = ${userId} and ${orders.status} = 'pending' for update)`;
}

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
  // One statement: the items ride along as JSON, named as OrderItemView names them.
  const items = sql<OrderView["items"]>`coalesce((${db
    .select({
      lines: sql`json_agg(json_build_object(
        'productId', ${orderItems.productId},
        'productName', ${orderItems.productName},
        'variantName', ${orderItems.variantName},
        'quantity', ${orderItems.quantity},
        'unitPricePence', ${orderItems.unitPricePence}
      ) order by ${orderItems.productName})`,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orders.id))}), '[]'::json)`;
  return db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      totalPence: orders.totalPence,
      refundedPence: orders.refundedPence,
      createdAt: orders.createdAt,
      items,
    })
    .from(orders)
    .where(placed(userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

/** How many orders the customer has placed and what they came to (docs/product.md#screens: all orders). */
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
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      totalPence: orders.totalPence,
      giftCardPence: orders.giftCardPence,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  return order ?? null;
}

/** An order's lines as its pages list them (by product, then variant). */
export function orderLines(db: Database, orderId: string) {
  return db
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      variantId: orderItems.variantId,
      productName: orderItems.productName,
      variantName: orderItems.variantName,
      quantity: orderItems.quantity,
      unitPricePence: orderItems.unitPricePence,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productName), asc(orderItems.variantName));
}

/** The audit actions a customer sees in their order's history, and what each is to them. */
const customerSteps: Record<string, CustomerOrderEvent["kind"]> = {
  "order.created": "placed",
  "order.paid": "paid",
  "order.fulfilled": "shipped",
  "order.delivered": "delivered",
  "order.cancelled": "cancelled",
  "order.refunded": "refunded",
  "order.refunded_in_part": "refunded",
};

/** Pence a change gave back, from its audit row's refunded amount before and after. */
function refundedBy(before: unknown, after: unknown): number | null {
  const pence = (value: unknown) =>
    typeof value === "object" && value !== null && "refundedPence" in value
      ? Number((value as { refundedPence: unknown }).refundedPence)
      : Number.NaN;
  const given = pence(after) - pence(before);
  return Number.isFinite(given) && given > 0 ? given : null;
}

/**
 * One of the customer's own orders with its items, its shipment and its history (from the audit
 * log: placed, paid, shipped, delivered, cancelled, refunded, with the money each gave back);
 * null for anyone else's.
 */
export async function getCustomerOrder(
  db: Database,
  userId: string,
  orderId: string,
): Promise<CustomerOrderDetail | null> {
  if (orderId.length > 64) return null;
  const [row] = await db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      createdAt: orders.createdAt,
      subtotalPence: orders.subtotalPence,
      discountPence: orders.discountPence,
      shippingPence: orders.shippingPence,
      vatPence: orders.vatPence,
      totalPence: orders.totalPence,
      refundedPence: orders.refundedPence,
      giftCardPence: orders.giftCardPence,
      shippingAddress: orders.shippingAddress,
      deliveryMethodName: orders.deliveryMethodName,
      discountCode: orders.discountCode,
      offerTitle: orders.offerTitle,
      deliveryFrom: orders.deliveryFrom,
      deliveryTo: orders.deliveryTo,
      carrier: orders.carrier,
      trackingNumber: orders.trackingNumber,
      cardLast4: orders.cardLast4,
      paidAt: orders.paidAt,
      fulfilledAt: orders.fulfilledAt,
      deliveredAt: orders.deliveredAt,
      cancelledAt: orders.cancelledAt,
      refundedAt: orders.refundedAt,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!row) return null;
  const { paidAt, fulfilledAt, deliveredAt, cancelledAt, refundedAt, ...order } = row;
  const [items, steps] = await Promise.all([
    orderLines(db, orderId),
    db
      .select({
        action: auditLog.action,
        before: auditLog.before,
        after: auditLog.after,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityType, "order"),
          eq(auditLog.entityId, orderId),
          inArray(auditLog.action, Object.keys(customerSteps)),
        ),
      )
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id)),
  ]);
  let history = steps.flatMap((step): CustomerOrderEvent[] => {
    const kind = customerSteps[step.action];
    if (!kind) return [];
    return [{ kind, at: step.createdAt, amountPence: refundedBy(step.before, step.after) }];
  });
  // An order from before the audit log (the demo's past orders, an import): its own dates.
  if (!steps.some((step) => step.action === "order.created")) {
    const refunded = order.refundedPence > 0 ? order.refundedPence : null;
    const dated: Array<[CustomerOrderEvent["kind"], Date | null, number | null]> = [
      ["placed", order.createdAt, null],
      ["paid", paidAt, null],
      ["shipped", fulfilledAt, null],
      ["delivered", deliveredAt, null],
      ["cancelled", cancelledAt, order.status === "cancelled" ? refunded : null],
      ["refunded", order.status === "refunded" ? refundedAt : null, refunded],
    ];
    history = dated
      .filter((step): step is [CustomerOrderEvent["kind"], Date, number | null] => step[1] !== null)
      .map(([kind, at, amountPence]) => ({ kind, at, amountPence }))
      .sort((a, b) => a.at.getTime() - b.at.getTime());
  }
  return { order, items, history };
}
