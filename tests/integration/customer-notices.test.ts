import { formatOrderNumber } from "@common/orders/order-number";
import {
  cancelOrderFromAdmin,
  fulfilOrder,
  refundOrderFromAdmin,
} from "@server/admin/order-actions";
import { startCheckout } from "@server/checkout/checkout-service";
import { confirmTestPayment } from "@server/checkout/test-confirm";
import { emailOutbox } from "@server/email/schema";
import { runJobsRound } from "@server/jobs/job-queue";
import { jobs } from "@server/jobs/schema";
import { logger } from "@server/logger";
import { cancelOrderAsAdmin } from "@server/orders/order-refunds";
import { getCustomerOrder } from "@server/orders/orders-service";
import { orders } from "@server/orders/schema";
import { PaymentProviderError } from "@server/payments/provider";
import { createTestProvider } from "@server/payments/test-provider";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  checkoutCart,
  createCustomer,
  createProduct,
  intentSecret,
  orderRow,
  paidOrderOfTwo,
  testBrand,
  testCheckoutSettings,
} from "../factories";
import { paymentTaskJobs } from "../job-handlers";
import { dueNow, testDrivers, useTestDatabase } from "../setup/test-database";

// the customer is told when the shop cancels their order, refunds it (in full or
// in part, here or in the provider's dashboard) or cannot refund a payment automatically, with
// the amount and the card's last four digits where known; and their own order page shows the
// carrier, a tracking link and the order's history.

const provider = createTestProvider("integration-test-secret-of-32-characters!");

describe.each(testDrivers)("what the customer is told on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();

  const emailsTo = async (orderId: string) => {
    const order = await orderRow(db(), orderId);
    return db()
      .select({ kind: emailOutbox.kind, subject: emailOutbox.subject, text: emailOutbox.text })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, order.customerEmail))
      .orderBy(asc(emailOutbox.createdAt));
  };
  /** The order's number as its emails say it (GL-10001). */
  const numberOf = async (orderId: string) =>
    formatOrderNumber((await orderRow(db(), orderId)).number);

  /** A paid order whose customer paid at the test provider's form with the card 4242. */
  async function paidWithCard() {
    const userId = await createCustomer(db());
    const adminId = await createCustomer(db(), `admin-${userId}@example.com`);
    const variantId = `pen-${userId}`;
    await createProduct(db(), {
      variants: [{ id: variantId, pricePence: 2000, stockQuantity: 10 }],
    });
    const { orderId, clientSecret } = await startCheckout(
      db(),
      provider,
      {
        userId,
        request: checkoutCart([{ variantId, quantity: 2 }], { email: `${userId}@example.com` }),
      },
      testCheckoutSettings,
    );
    await confirmTestPayment(
      db(),
      provider,
      {
        userId,
        clientSecret: intentSecret(clientSecret),
        card: { number: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123" },
      },
      testBrand,
      { attemptsPerMinute: 1000 },
    );
    return { orderId, userId, adminId };
  }

  it("tells the customer of a refund in part, then the rest, with the card's last digits", async () => {
    const { orderId, userId, adminId } = await paidWithCard();
    expect((await orderRow(db(), orderId)).cardLast4).toBe("4242");
    await refundOrderFromAdmin(db(), adminId, orderId, {
      amountPence: 1000,
      restock: [],
      reason: "Damaged in the post (internal note)",
    });
    await refundOrderFromAdmin(db(), adminId, orderId, {
      amountPence: 2999,
      restock: [],
      reason: null,
    });
    const emails = await emailsTo(orderId);
    const number = await numberOf(orderId);
    expect(emails.map((email) => [email.kind, email.subject])).toEqual([
      ["order-confirmation", `Your Gleam order ${number}`],
      ["order-refunded", `A refund of £10.00 for your Gleam order ${number}`],
      ["order-refunded", `A refund of £29.99 for your Gleam order ${number}`],
    ]);
    expect(emails[1]?.text).toContain(
      `We have refunded £10.00 to your card ending 4242 for your order ${number}.`,
    );
    expect(emails[1]?.text).toContain("In all, £10.00 of your £39.99 order has been refunded.");
    expect(emails[2]?.text).toContain(
      "With this refund, the whole of your order (£39.99) has been refunded.",
    );
    // The admin's reason is the shop's own note: never sent.
    expect(emails.map((email) => email.text).join("\n")).not.toContain("internal note");

    // Their own order page: the money and its history.
    const detail = await getCustomerOrder(db(), userId, orderId);
    expect(detail?.order).toMatchObject({
      status: "refunded",
      refundedPence: 3999,
      cardLast4: "4242",
    });
    expect(detail?.history.map((event) => [event.kind, event.amountPence])).toEqual([
      ["placed", null],
      ["paid", null],
      ["refunded", 1000],
      ["refunded", 2999],
    ]);
  });

  it("tells the customer of a cancellation: refunded when paid, not charged when not", async () => {
    const paid = await paidWithCard();
    await cancelOrderFromAdmin(db(), paid.adminId, paid.orderId, {
      reason: null,
      expectedStatus: "paid",
      refundPence: 3999,
    });
    const [cancelled] = (await emailsTo(paid.orderId)).filter(
      (email) => email.kind === "order-cancelled",
    );
    expect(cancelled?.subject).toBe(
      `Your Gleam order ${await numberOf(paid.orderId)} has been cancelled`,
    );
    expect(cancelled?.text).toContain(
      `We have cancelled your order ${await numberOf(paid.orderId)} and refunded £39.99 to your card ending 4242.`,
    );

    const userId = await createCustomer(db());
    await createProduct(db(), { variants: [{ id: "kit", pricePence: 3999, stockQuantity: 5 }] });
    const { orderId } = await startCheckout(
      db(),
      provider,
      {
        userId,
        request: checkoutCart([{ variantId: "kit", quantity: 1 }], {
          email: "pending@example.com",
        }),
      },
      testCheckoutSettings,
    );
    await cancelOrderAsAdmin(db(), () => provider, logger, {
      orderId,
      adminId: paid.adminId,
      reason: null,
      expectedStatus: "pending",
    });
    expect((await emailsTo(orderId)).map((email) => email.text)).toEqual([
      expect.stringContaining(
        `We have cancelled your order ${await numberOf(orderId)}. You have not been charged for it.`,
      ),
    ]);
    expect(
      (await getCustomerOrder(db(), userId, orderId))?.history.map((event) => event.kind),
    ).toEqual(["placed", "cancelled"]);
  });

  it("tells the customer when a payment for a cancelled order cannot be refunded automatically", async () => {
    const { orderId } = await paidOrderOfTwo(db(), provider);
    // The order was cancelled, then its money arrived: a refund task that the provider refuses.
    await db()
      .update(orders)
      .set({ status: "cancelled", refundDue: true })
      .where(eq(orders.id, orderId));
    const order = await orderRow(db(), orderId);
    await db()
      .insert(jobs)
      .values({
        kind: "refund-late-payment",
        subjectId: orderId,
        payload: { provider: "test", intentId: order.providerIntentId ?? "" },
        attempts: 9,
      });
    const refusing = {
      ...provider,
      refundIntent: async () => {
        throw new PaymentProviderError("The card was closed.");
      },
    };
    expect(
      await runJobsRound(
        db(),
        paymentTaskJobs(db(), () => refusing),
        logger,
        dueNow(),
      ),
    ).toMatchObject({ retried: 0, parked: 1 });
    const emails = await emailsTo(orderId);
    expect(emails.map((email) => email.kind)).toEqual(["order-confirmation", "refund-failed"]);
    expect(emails[1]?.text).toContain(
      `Your payment for order ${await numberOf(orderId)} arrived after the order had been cancelled, and we could not refund it to the card you paid with automatically.`,
    );
  });

  it("shows the customer their parcel's carrier and tracking link, and nobody else's order", async () => {
    const { orderId, userId, adminId } = await paidWithCard();
    await fulfilOrder(db(), adminId, orderId, {
      carrier: "Royal Mail",
      trackingNumber: "RM123456785GB",
    });
    const detail = await getCustomerOrder(db(), userId, orderId);
    expect(detail?.order).toMatchObject({
      status: "fulfilled",
      carrier: "Royal Mail",
      trackingNumber: "RM123456785GB",
    });
    expect(detail?.history.map((event) => event.kind)).toEqual(["placed", "paid", "shipped"]);
    const [shipped] = (await emailsTo(orderId)).filter((email) => email.kind === "order-shipped");
    expect(shipped?.text).toContain(
      "Track your parcel: https://www.royalmail.com/track-your-item#/tracking-results/RM123456785GB",
    );
    expect(shipped?.text).toMatch(
      new RegExp(`Your order: https?://[^/\\s]+/dashboard/orders/${orderId}\n`),
    );
    // An order from before the audit log (the demo's past orders) tells its history by its dates.
    const placedAt = new Date("2026-10-01T09:00:00Z");
    await db()
      .insert(orders)
      .values({
        id: `old-${orderId}`,
        userId,
        status: "delivered",
        subtotalPence: 1499,
        vatPence: 250,
        totalPence: 1499,
        customerFullName: "Ada Lovelace",
        customerEmail: "ada@example.com",
        customerPhone: "",
        shippingAddress: "1 Analytical Row",
        createdAt: placedAt,
        paidAt: placedAt,
        fulfilledAt: new Date("2026-10-02T09:00:00Z"),
        deliveredAt: new Date("2026-10-04T09:00:00Z"),
      });
    expect(
      (await getCustomerOrder(db(), userId, `old-${orderId}`))?.history.map((event) => event.kind),
    ).toEqual(["placed", "paid", "shipped", "delivered"]);
    // Another customer, or an id that is not an order, finds nothing.
    expect(await getCustomerOrder(db(), adminId, orderId)).toBeNull();
    expect(await getCustomerOrder(db(), userId, "no-such-order")).toBeNull();
  });
});
