import { emailTheCustomer } from "../email/order-emails";
import { reactToOrders } from "../orders/order-events";
import { followUpWithTheProvider } from "../payments/order-reactions";

/**
 * What follows an order's change, wired at start (server/http/main.ts, and the integration
 * tests' setup): the customer's emails and the payment provider's follow-ups.
 */
export function installOrderReactions(): void {
  reactToOrders(emailTheCustomer);
  reactToOrders(followUpWithTheProvider);
}
