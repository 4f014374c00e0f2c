import { emailTheCustomer } from "../email/order-emails";
import { followBoughtGiftCards } from "../gift-cards/bought-gift-cards";
import { giveBackToGiftCards } from "../gift-cards/gift-card-payments";
import { issueDocuments } from "../invoices/issue-documents";
import { reactToOrders } from "../orders/order-events";
import { followUpWithTheProvider } from "../payments/order-reactions";

/**
 * What follows an order's change, wired at start (server/start/main.ts, and the integration
 * tests' setup): the VAT invoice or credit note, the customer's emails, the payment
 * provider's follow-ups, what goes back on a gift card and the gift cards an order bought.
 */
export function installOrderReactions(): void {
  reactToOrders(issueDocuments);
  reactToOrders(emailTheCustomer);
  reactToOrders(followUpWithTheProvider);
  reactToOrders(giveBackToGiftCards);
  reactToOrders(followBoughtGiftCards);
}
