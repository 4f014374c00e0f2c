import { emailTheCustomer } from "../email/order-emails";
import { issueDocuments } from "../invoices/issue-documents";
import { reactToOrders } from "../orders/order-events";
import { followUpWithTheProvider } from "../payments/order-reactions";

/**
 * What follows an order's change, wired at start (server/start/main.ts, and the integration
 * tests' setup): the VAT invoice or credit note, the customer's emails and the payment
 * provider's follow-ups.
 */
export function installOrderReactions(): void {
  reactToOrders(issueDocuments);
  reactToOrders(emailTheCustomer);
  reactToOrders(followUpWithTheProvider);
}
