import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { productVariants } from "../db/schema/catalog";
import { orderItems, orders } from "../db/schema/orders";
import { queuePaymentTask } from "../payments/payment-tasks";

/**
 * Cancels a pending order and puts its reserved stock back, in the caller's transaction. Returns
 * false when the order was not pending (already paid, or already cancelled): nothing changes. An
 * order that has a payment intent gets that intent cancelled with the provider afterwards (a
 * background task, retried while the provider is down), so a late card confirmation cannot take
 * money for it.
 */
export async function cancelPendingOrder(
  tx: Database,
  orderId: string,
  reason: string | null = null,
): Promise<boolean> {
  const [cancelled] = await tx
    .update(orders)
    .set({ status: "cancelled", paymentError: reason ?? undefined })
    .where(and(eq(orders.id, orderId), eq(orders.status, "pending")))
    .returning({
      id: orders.id,
      paymentProvider: orders.paymentProvider,
      providerIntentId: orders.providerIntentId,
    });
  if (!cancelled) return false;
  const items = await tx
    .select({ variantId: orderItems.variantId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.variantId);
  for (const item of items) {
    // A variant deleted since has no stock to return to.
    await tx
      .update(productVariants)
      .set({ stockQuantity: sql`${productVariants.stockQuantity} + ${item.quantity}` })
      .where(eq(productVariants.id, item.variantId));
  }
  if (cancelled.paymentProvider && cancelled.providerIntentId) {
    await queuePaymentTask(tx, {
      orderId,
      kind: "cancel-intent",
      provider: cancelled.paymentProvider,
      intentId: cancelled.providerIntentId,
    });
  }
  return true;
}
