import { and, eq, ne } from "drizzle-orm";
import { orderDeliveryText } from "../../common/delivery/delivery";
import { BOUGHT_GIFT_CARD_ITEM } from "../../common/gift-cards/gift-cards";
import { formatOrderNumber } from "../../common/orders/order-number";
import type { Database } from "../db/database";
import { enqueueJob, type JobHandler } from "../jobs/job-queue";
import type { OrderEvent } from "../orders/order-events";
import { orderItems, orders } from "../orders/schema";
import { type Brand, emailBrand, getShopSettings } from "../settings/shop-settings";
import { queueEmail } from "./outbox";
import {
  cancelledOrderPaymentEmail,
  orderCancelledEmail,
  orderConfirmationEmail,
  orderRefundedEmail,
  orderShippedEmail,
  reviewRequestEmail,
} from "./templates";

// The customer's emails about their order, written to the outbox in the transaction that changed
// the order (a reaction to server/orders/order-events.ts). An order whose customer deleted their
// account gets none, except its confirmation, sent before any deletion could happen.

type Order = typeof orders.$inferSelect;

/** What the customer's emails about money say of an order. */
const moneyBackOf = (order: Order) => ({
  orderId: order.id,
  orderNumber: formatOrderNumber(order.number),
  customerName: order.customerFullName,
  refundedPence: order.refundedPence,
  totalPence: order.totalPence,
  cardLast4: order.cardLast4,
});

/**
 * Tells the customer what became of money that arrived for an order already cancelled: refunded
 * automatically, or not (the shop will see to it). Not an order whose account was deleted.
 */
async function tellOfCancelledOrderPayment(
  tx: Database,
  order: Order,
  brand: Brand,
  outcome: { refunded: boolean },
): Promise<void> {
  if (!order.userId) return;
  await queueEmail(
    tx,
    outcome.refunded ? "order-refunded" : "refund-failed",
    cancelledOrderPaymentEmail(brand, order.customerEmail, {
      orderId: order.id,
      orderNumber: formatOrderNumber(order.number),
      customerName: order.customerFullName,
      cardLast4: order.cardLast4,
      refunded: outcome.refunded,
    }),
  );
}

async function confirmation(tx: Database, order: Order, brand: Brand): Promise<void> {
  const items = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(orderItems.productName);
  await queueEmail(
    tx,
    "order-confirmation",
    orderConfirmationEmail(brand, order.customerEmail, {
      orderId: order.id,
      orderNumber: formatOrderNumber(order.number),
      customerName: order.customerFullName,
      items: items.map((item) => ({
        name: item.productName,
        variantName: item.variantName,
        quantity: item.quantity,
        unitPricePence: item.unitPricePence,
      })),
      subtotalPence: order.subtotalPence,
      discountPence: order.discountPence,
      shippingPence: order.shippingPence,
      giftCardPence: order.giftCardPence,
      vatPence: order.vatPence,
      totalPence: order.totalPence,
      shippingAddress: order.shippingAddress,
      delivery: orderDeliveryText(order),
      discountCode: order.discountCode,
      offerTitle: order.offerTitle,
    }),
  );
}

async function shipped(tx: Database, order: Order, brand: Brand): Promise<void> {
  await queueEmail(
    tx,
    "order-shipped",
    orderShippedEmail(brand, order.customerEmail, {
      orderId: order.id,
      orderNumber: formatOrderNumber(order.number),
      customerName: order.customerFullName,
      carrier: order.carrier,
      trackingNumber: order.trackingNumber,
    }),
  );
}

/** The order emails the admin may send again from the order's page (server/admin/order-follow-up.ts). */
export const resendableEmails = ["confirmation", "shipped"] as const;
export type ResendableEmail = (typeof resendableEmails)[number];

/** Sends an order's confirmation or shipped email again, as it reads now. */
export function resendOrderEmail(
  tx: Database,
  order: Order,
  which: ResendableEmail,
  brand: Brand,
): Promise<void> {
  return which === "confirmation" ? confirmation(tx, order, brand) : shipped(tx, order, brand);
}

const DAY_MS = 86_400_000;

/**
 * Asks a delivered order's buyer for a review, the settings' days after delivery (read when the
 * job runs, so a changed setting applies to orders already waiting). An order refunded, returned
 * or erased meanwhile is not asked about.
 */
export function requestReviewJob(
  db: Database,
  days: () => Promise<number> = async () => (await getShopSettings(db)).reviewRequestDays,
  brandOf: () => Promise<Brand> = () => emailBrand(db),
): JobHandler {
  return {
    maxAttempts: 10,
    async run(job, { now, done }) {
      const wait = await days();
      const brand = await brandOf();
      return db.transaction(async (tx) => {
        const [order] = await tx
          .select()
          .from(orders)
          .where(eq(orders.id, job.subjectId))
          .for("update");
        if (order?.status !== "delivered" || !order.userId || !order.deliveredAt) {
          return undefined;
        }
        const due = new Date(order.deliveredAt.getTime() + wait * DAY_MS);
        if (due > now) return { runAt: due };
        await reviewRequest(tx, order, brand);
        await done(tx);
        return undefined;
      });
    },
  };
}

/** Asks for a review of each product in the order (once: delivery happens once). */
async function reviewRequest(tx: Database, order: Order, brand: Brand): Promise<void> {
  const products = await tx
    .selectDistinctOn([orderItems.productId], {
      id: orderItems.productId,
      name: orderItems.productName,
    })
    .from(orderItems)
    // Gift cards bought are not reviewed: they are money (docs/decisions/067).
    .where(and(eq(orderItems.orderId, order.id), ne(orderItems.productId, BOUGHT_GIFT_CARD_ITEM)))
    .orderBy(orderItems.productId);
  if (products.length === 0) return;
  await queueEmail(
    tx,
    "review-request",
    reviewRequestEmail(brand, order.customerEmail, {
      orderId: order.id,
      orderNumber: formatOrderNumber(order.number),
      customerName: order.customerFullName,
      products,
    }),
  );
}

/** The reaction to an order's events: which email, if any, the customer gets. */
export async function emailTheCustomer(tx: Database, event: OrderEvent): Promise<void> {
  const { order } = event;
  switch (event.type) {
    case "paid":
      return confirmation(tx, order, event.brand);
    case "cancelled":
      if (!event.tell || !order.userId) return;
      await queueEmail(
        tx,
        "order-cancelled",
        orderCancelledEmail(event.tell, order.customerEmail, {
          ...moneyBackOf(order),
          amountPence: null,
        }),
      );
      return;
    case "money-back": {
      if (!order.userId) return;
      const money = {
        ...moneyBackOf(order),
        amountPence: event.amountPence,
        giftCardPence: event.giftCardPence,
      };
      await queueEmail(
        tx,
        event.cancelled ? "order-cancelled" : "order-refunded",
        event.cancelled
          ? orderCancelledEmail(event.brand, order.customerEmail, money)
          : orderRefundedEmail(event.brand, order.customerEmail, money),
      );
      return;
    }
    case "refund-settled":
      if (event.brand)
        await tellOfCancelledOrderPayment(tx, order, event.brand, { refunded: true });
      return;
    case "refund-stuck":
      await tellOfCancelledOrderPayment(tx, order, event.brand, { refunded: false });
      return;
    case "fulfilled":
      if (event.brand) await shipped(tx, order, event.brand);
      return;
    case "delivered":
      // Asked once the treatment can be judged, not the minute the parcel is marked delivered:
      // the job waits for the settings' days (requestReviewJob).
      if (order.userId) await enqueueJob(tx, { kind: "request-review", subjectId: order.id });
      return;
  }
}
