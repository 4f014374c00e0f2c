import { and, count, eq, gte, isNotNull } from "drizzle-orm";
import { itemName } from "../../common/cart/cart-rules";
import { systemActor } from "../audit/audit-log";
import { users } from "../auth/schema";
import type { Database } from "../db/database";
import { checkoutReminderEmail } from "../email/newsletter-templates";
import type { JobHandler } from "../jobs/job-queue";
import { lockOrderForJob, recordReminderSent } from "../orders/order-job-lock";
import { orderItems, orders } from "../orders/schema";
import { type Brand, emailBrand, getShopSettings } from "../settings/shop-settings";
import { marketingTokenFor, newsletterLinks, queueMarketingEmail } from "./subscriptions";

// The abandoned checkout reminder (decision record 048): an order opened while the reminder is on
// gets a `remind-checkout` job, due the settings' delay later (server/orders/open-order.ts). It is
// marketing, so it lives with the newsletter; `orders.reminder_sent_at` is its own column. When it runs
// it sends one email, with a link that brings the order's items back to the checkout, only if all
// still hold: the reminder is on, the order is still pending (not paid, not expired with its
// stock back, not replaced), it was not reminded already, and its customer has a confirmed
// newsletter subscription (marketing needs their consent: an unsubscribe stops it). The job and
// the email are one transaction, so a crash never sends it twice.

const REMINDER = systemActor("checkout-reminder");

export function remindCheckoutJob(
  db: Database,
  settings: () => Promise<{ abandonedReminderEnabled: boolean }> = () => getShopSettings(db),
  brandOf: () => Promise<Brand> = () => emailBrand(db),
): JobHandler {
  return {
    maxAttempts: 10,
    async run(job, { now, done }) {
      if (!(await settings()).abandonedReminderEnabled) return undefined;
      const brand = await brandOf();
      return db.transaction(async (tx) => {
        const locked = await lockOrderForJob(tx, job.subjectId, now);
        if (!locked) return undefined;
        if ("retryAt" in locked) return { runAt: locked.retryAt };
        const { order } = locked;
        if (order.status !== "pending" || order.reminderSentAt || !order.userId) return undefined;
        const [account] = await tx
          .select({ email: users.email })
          .from(users)
          .where(eq(users.id, order.userId));
        const token = account ? await marketingTokenFor(tx, account.email) : null;
        if (!account || !token) return undefined;
        const items = await tx
          .select({
            productName: orderItems.productName,
            variantName: orderItems.variantName,
            quantity: orderItems.quantity,
          })
          .from(orderItems)
          .where(eq(orderItems.orderId, order.id))
          .orderBy(orderItems.productName);
        await queueMarketingEmail(
          tx,
          brand,
          token,
          checkoutReminderEmail(brand, account.email, {
            customerName: order.customerFullName,
            items: items.map(
              (item) => `${item.quantity} × ${itemName(item.productName, item.variantName)}`,
            ),
            checkoutUrl: `${brand.baseUrl}/checkout?resume=${encodeURIComponent(order.id)}`,
            unsubscribeUrl: newsletterLinks(brand, token).unsubscribe,
          }),
          "checkout-reminder",
        );
        await recordReminderSent(tx, order.id, REMINDER, now);
        await done(tx);
        return undefined;
      });
    },
  };
}

/** Reminders sent since a moment, for the admin's overview. */
export async function remindersSentSince(db: Database, since: Date): Promise<number> {
  const [row] = await db
    .select({ sent: count() })
    .from(orders)
    .where(and(isNotNull(orders.reminderSentAt), gte(orders.reminderSentAt, since)));
  return row?.sent ?? 0;
}
