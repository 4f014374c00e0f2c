import type { Database } from "../db/database";
import type { OrderEvent } from "../orders/order-events";
import { queuePaymentTask } from "./payment-task-queue";

/**
 * The payment provider's part when an order changes (a reaction to
 * server/orders/order-events.ts): a cancelled order's payment intent is cancelled with the
 * provider, by a background task retried while the provider is down, so a late card
 * confirmation cannot take money for it.
 */
export async function followUpWithTheProvider(tx: Database, event: OrderEvent): Promise<void> {
  if (event.type !== "cancelled") return;
  const { order } = event;
  if (order.paymentProvider && order.providerIntentId) {
    await queuePaymentTask(tx, {
      orderId: order.id,
      kind: "cancel-intent",
      provider: order.paymentProvider,
      intentId: order.providerIntentId,
    });
  }
}
