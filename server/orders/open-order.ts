import { and, eq } from "drizzle-orm";
import { type Actor, recordAudit } from "../audit/audit-log";
import type { Database } from "../db/database";
import { orderItems, orders } from "../db/schema/orders";
import { enqueueJob } from "../jobs/job-queue";
import { type ReservedLine, reserveStock } from "../stock/stock-service";

// A customer's new order: written pending with its items, its stock taken and its expiry queued,
// then given the provider's intent. What happens to it next is order-state.ts's.

type Tx = Database;
type Order = typeof orders.$inferSelect;

export type NewOrder = Omit<typeof orders.$inferInsert, "id" | "status" | "userId"> & {
  userId: string;
};
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, "id" | "orderId">;

/**
 * Records a customer's new order `pending` with its item snapshots and takes its stock (all or
 * nothing: a line short of stock throws OUT_OF_STOCK and the caller's transaction undoes it).
 */
export async function openOrder(
  tx: Tx,
  input: {
    order: NewOrder;
    items: (NewOrderItem & { productName: string })[];
    actor: Actor;
    /** How long it may stay unpaid: its `expire-order` job is due then (expire-orders.ts). */
    pendingMinutes: number;
    /** When set, its `remind-checkout` job is due this long after (server/newsletter/checkout-reminder.ts). */
    reminderMinutes?: number | null;
  },
): Promise<Order> {
  const [order] = await tx
    .insert(orders)
    .values({ ...input.order, status: "pending" })
    .returning();
  if (!order) throw new Error("the order insert returned nothing");
  await tx.insert(orderItems).values(input.items.map((item) => ({ ...item, orderId: order.id })));
  const lines: ReservedLine[] = input.items.map((item) => ({
    variantId: item.variantId,
    quantity: item.quantity,
    productName: item.productName,
  }));
  await reserveStock(tx, { orderId: order.id, lines, actor: input.actor });
  await enqueueJob(tx, {
    kind: "expire-order",
    subjectId: order.id,
    runAt: new Date(order.createdAt.getTime() + input.pendingMinutes * 60_000),
  });
  if (input.reminderMinutes) {
    await enqueueJob(tx, {
      kind: "remind-checkout",
      subjectId: order.id,
      runAt: new Date(order.createdAt.getTime() + input.reminderMinutes * 60_000),
    });
  }
  await recordAudit(tx, {
    actor: input.actor,
    action: "order.created",
    entity: { type: "order", id: order.id },
    before: null,
    after: { status: order.status, totalPence: order.totalPence },
  });
  return order;
}

/** The provider's intent for a pending order (the same order always gets the same intent). */
export async function attachPaymentIntent(
  db: Database,
  orderId: string,
  intentId: string,
): Promise<void> {
  await db
    .update(orders)
    .set({ providerIntentId: intentId })
    .where(and(eq(orders.id, orderId), eq(orders.status, "pending")));
}
