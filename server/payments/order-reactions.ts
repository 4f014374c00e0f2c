import type { Database } from "../db/database";
import { queuePaymentTask } from "./payment-task-queue";

/** What this reaction reads of an order's event (server/orders/order-events.ts). */
type OrderChange = {
  type: string;
  order: { id: string; paymentProvider: string | null; providerIntentId: string | null };
};

/**
 * The payment provider's part when an order changes (a reaction to the order domain's events,
 * wired at start by server/start/order-reactions.ts): a cancelled order's payment intent is
 * cancelled with the provider, by a background task retried while the provider is down, so a
 * late card confirmation cannot take money for it. It reads the event by its shape, so payments
 * never imports the order domain's code (decision record 061).
 */
export async function followUpWithTheProvider(tx: Database, event: OrderChange): Promise<void> {
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
