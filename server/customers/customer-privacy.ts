import { asc, desc, eq, inArray, or } from "drizzle-orm";
import { formatOrderNumber } from "../../common/orders/order-number";
import { adminActor, recordAudit } from "../audit/audit-log";
import { removeAccount } from "../auth/delete-account";
import { sessions } from "../auth/schema";
import { products, productVariants } from "../catalog/schema";
import type { Database } from "../db/database";
import { giftCardsOfCustomer } from "../gift-cards/bought-gift-cards";
import {
  campaignDeliveries,
  newsletterCampaigns,
  newsletterSubscribers,
} from "../newsletter/schema";
import { orderItems, orders } from "../orders/schema";
import { reviews } from "../reviews/schema";
import { stockAlerts } from "../stock-alerts/schema";
import { wishlistItems } from "../wishlist/schema";
import { customerAccount } from "./customer-profile";
import { addresses, customerNotes } from "./schema";

// A customer's rights over their data (UK GDPR articles 15 and 17; docs/admin.md, Customers),
// used by an admin at the customer's request: a copy of everything the shop holds about them, and
// erasure. Each is confirmed on the page first and leaves a row in the audit log that names the
// admin, never the data.

/** What the shop holds about the customer beside their account, each read at once. */
function customerRecords(db: Database, userId: string, email: string) {
  return Promise.all([
    db
      .select({
        signedInAt: sessions.createdAt,
        expiresAt: sessions.expiresAt,
        ipAddress: sessions.ipAddress,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(desc(sessions.createdAt)),
    db
      .select({
        line1: addresses.line1,
        line2: addresses.line2,
        town: addresses.town,
        postcode: addresses.postcode,
        savedAt: addresses.createdAt,
        lastUsedAt: addresses.lastUsedAt,
      })
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(desc(addresses.lastUsedAt)),
    db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt)),
    db
      .select({
        product: products.name,
        rating: reviews.rating,
        title: reviews.title,
        body: reviews.body,
        writtenAt: reviews.createdAt,
      })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(eq(reviews.userId, userId))
      .orderBy(asc(reviews.createdAt)),
    db
      .select({ product: products.name, savedAt: wishlistItems.createdAt })
      .from(wishlistItems)
      .innerJoin(products, eq(products.id, wishlistItems.productId))
      .where(eq(wishlistItems.userId, userId))
      .orderBy(asc(wishlistItems.createdAt)),
    db
      .select({
        status: newsletterSubscribers.status,
        signedUpAt: newsletterSubscribers.signedUpAt,
        sourcePage: newsletterSubscribers.sourcePage,
        consentText: newsletterSubscribers.consentText,
        confirmedAt: newsletterSubscribers.confirmedAt,
        unsubscribedAt: newsletterSubscribers.unsubscribedAt,
      })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email.toLowerCase())),
    db
      .select({ note: customerNotes.note, updatedAt: customerNotes.updatedAt })
      .from(customerNotes)
      .where(eq(customerNotes.userId, userId)),
    db
      .select({
        product: products.name,
        variant: productVariants.name,
        askedAt: stockAlerts.createdAt,
        emailedAt: stockAlerts.notifiedAt,
      })
      .from(stockAlerts)
      .innerJoin(productVariants, eq(productVariants.id, stockAlerts.variantId))
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(or(eq(stockAlerts.userId, userId), eq(stockAlerts.email, email.toLowerCase())))
      .orderBy(asc(stockAlerts.createdAt)),
    db
      .select({ subject: newsletterCampaigns.subject, sentAt: campaignDeliveries.createdAt })
      .from(campaignDeliveries)
      .innerJoin(newsletterCampaigns, eq(newsletterCampaigns.id, campaignDeliveries.campaignId))
      .where(eq(campaignDeliveries.email, email.toLowerCase()))
      .orderBy(asc(campaignDeliveries.createdAt)),
  ]);
}

type OrderRow = typeof orders.$inferSelect;

/** The customer's orders as the copy gives them, each with its lines. */
async function ordersWithItems(db: Database, orderRows: readonly OrderRow[]) {
  const items =
    orderRows.length === 0
      ? []
      : await db
          .select()
          .from(orderItems)
          .where(
            inArray(
              orderItems.orderId,
              orderRows.map((order) => order.id),
            ),
          )
          .orderBy(asc(orderItems.productName));
  return orderRows.map((order) => ({
    number: formatOrderNumber(order.number),
    status: order.status,
    placedAt: order.createdAt,
    paidAt: order.paidAt,
    name: order.customerFullName,
    email: order.customerEmail,
    phone: order.customerPhone,
    shippingAddress: order.shippingAddress,
    notes: order.notes,
    delivery: order.deliveryMethodName,
    discountCode: order.discountCode,
    offerTitle: order.offerTitle,
    items: items
      .filter((item) => item.orderId === order.id)
      .map((item) => ({
        product: item.productName,
        variant: item.variantName,
        quantity: item.quantity,
        unitPricePence: item.unitPricePence,
      })),
    subtotalPence: order.subtotalPence,
    discountPence: order.discountPence,
    shippingPence: order.shippingPence,
    vatPence: order.vatPence,
    totalPence: order.totalPence,
    refundedPence: order.refundedPence,
    cardLast4: order.cardLast4,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
  }));
}

/** Everything the shop holds about one customer, as the JSON file the admin hands them. */
export async function exportCustomerData(db: Database, adminId: string, userId: string) {
  const account = await customerAccount(db, userId);
  const [signIns, book, orderRows, reviewRows, saved, subscription, notes, alerts, campaigns] =
    await customerRecords(db, userId, account.email);
  const exported = {
    exportedAt: new Date().toISOString(),
    account,
    signIns,
    addresses: book,
    orders: await ordersWithItems(db, orderRows),
    reviews: reviewRows,
    wishlist: saved,
    newsletter: subscription[0] ?? null,
    campaignsReceived: campaigns,
    giftCards: await giftCardsOfCustomer(db, { id: userId, email: account.email }),
    backInStockAlerts: alerts,
    // What the shop's people wrote about them is theirs to see too (article 15).
    shopNote: notes[0] ?? null,
  };
  await db.transaction((tx) =>
    recordAudit(tx, {
      actor: adminActor(adminId),
      action: "customer.exported",
      entity: { type: "customer", id: userId },
      reason: "A copy of the customer's data, at their request.",
    }),
  );
  return exported;
}

/**
 * Erases a customer at their request: the same path as deleting their own account (their orders
 * stay for the accounts, blanked). An admin account is never erased from here.
 */
export async function eraseCustomer(db: Database, adminId: string, userId: string): Promise<void> {
  // A customer's account only: an admin's is never erased from here (it reads as not found).
  await customerAccount(db, userId);
  const reason = "Erased at the customer's request.";
  await db.transaction(async (tx) => {
    await removeAccount(tx, userId, adminActor(adminId), reason);
    await recordAudit(tx, {
      actor: adminActor(adminId),
      action: "customer.erased",
      entity: { type: "customer", id: userId },
      before: { personalDetails: "present" },
      after: { personalDetails: "removed" },
      reason,
    });
  });
}
