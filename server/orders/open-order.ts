import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { type Actor, auditInsert } from "../audit/audit-log";
import type { Database } from "../db/database";
import { jobInsert } from "../jobs/job-queue";
import { orderItems, orders } from "./schema";

// A customer's new order: written pending with its items, its expiry queued and its audit row, in
// one statement; its stock is taken next (server/stock/stock-service.ts), last before the
// caller's commit; then it is given the provider's intent. What happens to it next is
// order-state.ts's.

type Tx = Database;
type Order = typeof orders.$inferSelect;

export type NewOrder = Omit<typeof orders.$inferInsert, "id" | "status" | "userId"> & {
  userId: string;
};
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, "id" | "orderId">;

/** Due `minutes` after the transaction's start: the order's own `created_at`. */
const afterCreation = (minutes: number) => sql`now() + make_interval(mins => ${minutes}::int)`;

/**
 * Records a customer's new order `pending` with its item snapshots, the jobs that follow it and
 * its audit row, in one round trip. The caller takes its stock (reserveStock) before committing.
 */
export async function openOrder(
  tx: Tx,
  input: {
    order: NewOrder;
    items: NewOrderItem[];
    actor: Actor;
    /** How long it may stay unpaid: its `expire-order` job is due then (expire-orders.ts). */
    pendingMinutes: number;
    /** When set, its `remind-checkout` job is due this long after (server/newsletter/checkout-reminder.ts). */
    reminderMinutes?: number | null;
  },
): Promise<Order> {
  const id = randomUUID();
  const writes = [
    tx
      .$with("items")
      .as(tx.insert(orderItems).values(input.items.map((item) => ({ ...item, orderId: id })))),
    tx.$with("expiry").as(
      jobInsert(tx, {
        kind: "expire-order",
        subjectId: id,
        runAt: afterCreation(input.pendingMinutes),
      }),
    ),
    ...(input.reminderMinutes
      ? [
          tx.$with("reminder").as(
            jobInsert(tx, {
              kind: "remind-checkout",
              subjectId: id,
              runAt: afterCreation(input.reminderMinutes),
            }),
          ),
        ]
      : []),
    tx.$with("audited").as(
      auditInsert(tx, {
        actor: input.actor,
        action: "order.created",
        entity: { type: "order", id },
        before: null,
        after: { status: "pending", totalPence: input.order.totalPence },
      }),
    ),
  ];
  const [order] = await tx
    .with(...writes)
    .insert(orders)
    .values({ ...input.order, id, status: "pending" })
    .returning();
  if (!order) throw new Error("the order insert returned nothing");
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
