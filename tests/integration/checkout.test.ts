import { formatOrderNumber } from "@common/orders/order-number";
import { listRefundDueOrders } from "@server/admin/admin-orders";
import { startCheckout } from "@server/checkout/checkout-service";
import {
  recordPaymentFailed,
  recordPaymentSucceeded,
  recordRefund,
} from "@server/checkout/payment-service";
import { emailOutbox } from "@server/email/schema";
import { DomainError } from "@server/errors";
import { orderItems, orders } from "@server/orders/schema";
import { paymentEvents } from "@server/payments/schema";
import { createTestProvider } from "@server/payments/test-provider";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkoutRequestSchema } from "../../common/checkout/checkout-input";
import {
  checkoutCart,
  createCustomer,
  createProduct,
  orderRow as orderById,
  payOrder,
  stockOf as stockOfVariant,
  testBrand,
  testCheckoutDetails,
  testCheckoutSettings,
} from "../factories";
import { expireDueOrders } from "../job-handlers";
import { testDrivers, useTestDatabase } from "../setup/test-database";

const settings = testCheckoutSettings;
const brand = testBrand;

describe.each(testDrivers)("checkout on %s", (driver) => {
  const database = useTestDatabase(driver, { maxConnections: 10 });
  const db = () => database.db();
  const provider = createTestProvider("integration-test-secret-of-32-characters!");

  const stockOf = (variantId: string) => stockOfVariant(db(), variantId);
  const orderRow = (id: string) => orderById(db(), id);
  const pay = (orderId: string, eventId?: string) => payOrder(db(), orderId, eventId);
  const request = checkoutCart;

  it("prices from the database, ignoring any price the client sends, and reserves stock", async () => {
    const userId = await createCustomer(db());
    await createProduct(db(), {
      id: "paste",
      name: "Toothpaste",
      variants: [{ id: "paste-75", pricePence: 1499, stockQuantity: 5 }],
    });
    // A tampered body: prices and totals are not part of the schema and never reach the service.
    const tampered = checkoutRequestSchema.parse({
      items: [{ variantId: "paste-75", quantity: 2, pricePence: 1, price: 0.01 }],
      customerDetails: { ...testCheckoutDetails, totalPence: 1 },
      totalPence: 1,
    });
    const result = await startCheckout(db(), provider, { userId, request: tampered }, settings);
    // First order: 10% off £29.98 is £3.00; £26.98 is not over £50, so £3.99 shipping.
    expect(result.pricing).toEqual({
      subtotalPence: 2998,
      discountPence: 300,
      shippingPence: 399,
      vatPence: 516,
      totalPence: 3097,
    });
    expect(result.totalPence).toBe(3097);
    expect(result.clientSecret).toMatch(/^test_pi_/);
    expect(await stockOf("paste-75")).toBe(3);
    const order = await orderRow(result.orderId);
    expect(order).toMatchObject({ status: "pending", userId, paymentProvider: "test" });
    const items = await db().select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(items).toEqual([
      expect.objectContaining({
        productName: "Toothpaste",
        variantName: "Default",
        unitPricePence: 1499,
        quantity: 2,
      }),
    ]);
  });

  it("refuses the whole order when one line lacks stock, and changes nothing", async () => {
    const userId = await createCustomer(db());
    await createProduct(db(), { name: "Strips", variants: [{ id: "strips", stockQuantity: 9 }] });
    await createProduct(db(), { name: "Pen", variants: [{ id: "pen", stockQuantity: 1 }] });
    const refused = await startCheckout(
      db(),
      provider,
      {
        userId,
        request: request([
          { variantId: "strips", quantity: 2 },
          { variantId: "pen", quantity: 2 },
        ]),
      },
      settings,
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({
      code: "OUT_OF_STOCK",
      message: "Not enough stock for Pen. Only 1 left.",
    });
    expect(await stockOf("strips")).toBe(9);
    expect(await stockOf("pen")).toBe(1);
    expect(await db().select().from(orders)).toEqual([]);
  });

  it("gives the same pending order for the same submit, a new one for a changed cart", async () => {
    const userId = await createCustomer(db());
    await createProduct(db(), { variants: [{ id: "v", stockQuantity: 10 }] });
    const first = await startCheckout(
      db(),
      provider,
      { userId, request: request([{ variantId: "v", quantity: 1 }]) },
      settings,
    );
    const again = await startCheckout(
      db(),
      provider,
      { userId, request: request([{ variantId: "v", quantity: 1 }]) },
      settings,
    );
    expect(again).toMatchObject({
      orderId: first.orderId,
      clientSecret: first.clientSecret,
      reused: true,
    });
    expect(await stockOf("v")).toBe(9);
    const changed = await startCheckout(
      db(),
      provider,
      { userId, request: request([{ variantId: "v", quantity: 2 }]) },
      settings,
    );
    expect(changed.orderId).not.toBe(first.orderId);
    // One open order per customer: the first is cancelled and its unit returned.
    expect(await orderRow(first.orderId)).toMatchObject({ status: "cancelled" });
    expect(await stockOf("v")).toBe(8);
  });

  it("gives the first-order discount once, and ships free only over £50", async () => {
    const userId = await createCustomer(db());
    await createProduct(db(), { variants: [{ id: "kit", pricePence: 2500, stockQuantity: 10 }] });
    const first = await startCheckout(
      db(),
      provider,
      { userId, request: request([{ variantId: "kit", quantity: 3 }]) },
      settings,
    );
    expect(first.pricing.discountPence).toBe(750);
    expect(await pay(first.orderId)).toMatchObject({ outcome: "applied" });

    // Exactly £50.00 after the (now absent) discount: shipping is charged.
    const second = await startCheckout(
      db(),
      provider,
      { userId, request: request([{ variantId: "kit", quantity: 2 }]) },
      settings,
    );
    expect(second.pricing).toMatchObject({
      discountPence: 0,
      subtotalPence: 5000,
      shippingPence: 399,
    });
    const third = await startCheckout(
      db(),
      provider,
      { userId, request: request([{ variantId: "kit", quantity: 3 }]) },
      settings,
    );
    expect(third.pricing).toMatchObject({ discountPence: 0, shippingPence: 0, totalPence: 7500 });
  });

  it("charges by the shop's own settings: its threshold, flat rate and discount", async () => {
    const userId = await createCustomer(db());
    await createProduct(db(), { variants: [{ id: "kit", pricePence: 1999, stockQuantity: 10 }] });
    const own = {
      ...settings,
      shippingFlatRatePence: 250,
      freeShippingOverPence: 3000,
      firstOrderDiscountPercent: 15,
    };
    // £19.99 less 15% (300p): £16.99, not over £30, so £2.50 shipping.
    const order = await startCheckout(
      db(),
      provider,
      { userId, request: request([{ variantId: "kit", quantity: 1 }]) },
      own,
    );
    expect(order.pricing).toEqual({
      subtotalPence: 1999,
      discountPence: 300,
      shippingPence: 250,
      vatPence: 325,
      totalPence: 1949,
    });
    expect(await orderRow(order.orderId)).toMatchObject({ totalPence: 1949, shippingPence: 250 });
  });

  it("marks paid once, queues the confirmation email, and ignores replays and late failures", async () => {
    const userId = await createCustomer(db());
    await createProduct(db(), { name: "Pen", variants: [{ id: "pen", pricePence: 2499 }] });
    const { orderId } = await startCheckout(
      db(),
      provider,
      { userId, request: request([{ variantId: "pen", quantity: 1 }]) },
      settings,
    );
    expect(await pay(orderId, "evt-1")).toEqual({ outcome: "applied", orderId });
    expect(await pay(orderId, "evt-1")).toEqual({ outcome: "duplicate" });
    // A different event saying the same thing changes nothing either.
    expect(await pay(orderId, "evt-2")).toMatchObject({ outcome: "ignored" });
    const intentId = (await orderRow(orderId)).providerIntentId ?? "";
    // A failure arriving after the success (out of order) leaves the order paid.
    expect(
      await recordPaymentFailed(db(), {
        provider: "test",
        eventId: "evt-3",
        type: "payment_intent.payment_failed",
        intentId,
        message: "Your card was declined.",
      }),
    ).toMatchObject({ outcome: "ignored" });
    const order = await orderRow(orderId);
    expect(order.status).toBe("paid");
    expect(order.paidAt).toBeInstanceOf(Date);
    expect(order.paymentError).toBeNull();
    const emails = await db().select().from(emailOutbox);
    expect(emails).toHaveLength(1);
    // To the account's own address (createCustomer's), not the one typed into the form.
    expect(emails[0]).toMatchObject({ kind: "order-confirmation", toAddress: order.customerEmail });
    expect(order.customerEmail).toMatch(/^customer-\d+@example\.com$/);
    expect(emails[0]?.text).toContain(formatOrderNumber(order.number));
    expect(emails[0]?.text).toContain("1 Analytical Row");
    // Each event once: evt-1 (applied), evt-2 and evt-3 (ignored).
    expect(await db().select().from(paymentEvents)).toHaveLength(3);

    expect(
      await recordRefund(
        db(),
        {
          provider: "test",
          eventId: "evt-4",
          type: "charge.refunded",
          intentId,
          amountRefundedPence: order.totalPence,
        },
        testBrand,
      ),
    ).toMatchObject({ outcome: "applied" });
    expect((await orderRow(orderId)).status).toBe("refunded");
  });

  it("flags a wrong amount and a payment for a cancelled order, never marking them paid", async () => {
    const userId = await createCustomer(db());
    await createProduct(db(), { variants: [{ id: "v", pricePence: 1000, stockQuantity: 5 }] });
    const { orderId } = await startCheckout(
      db(),
      provider,
      { userId, request: request([{ variantId: "v", quantity: 1 }]) },
      settings,
    );
    const intentId = (await orderRow(orderId)).providerIntentId ?? "";
    const short = await recordPaymentSucceeded(
      db(),
      {
        provider: "test",
        eventId: "e1",
        type: "payment_intent.succeeded",
        intentId,
        amountPence: 1,
        currency: "gbp",
      },
      brand,
    );
    expect(short).toMatchObject({ outcome: "flagged" });
    expect(await orderRow(orderId)).toMatchObject({ status: "pending", refundDue: true });

    // The order expires (stock back), then the money arrives: flagged for a refund.
    expect(await expireDueOrders(db(), new Date(Date.now() + 31 * 60_000))).toBe(1);
    expect(await stockOf("v")).toBe(5);
    const late = await recordPaymentSucceeded(
      db(),
      {
        provider: "test",
        eventId: "e2",
        type: "payment_intent.succeeded",
        intentId,
        amountPence: (await orderRow(orderId)).totalPence,
        currency: "gbp",
      },
      brand,
    );
    expect(late).toMatchObject({ outcome: "flagged" });
    expect(await orderRow(orderId)).toMatchObject({
      status: "cancelled",
      refundDue: true,
      paidAt: null,
    });
    expect(await db().select().from(emailOutbox)).toEqual([]);
    // The admin overview lists it to refund.
    expect(await listRefundDueOrders(db())).toEqual([
      expect.objectContaining({ id: orderId, status: "cancelled", paymentProvider: "test" }),
    ]);
  });

  it("expires only orders pending past the cut-off, releasing their stock", async () => {
    const userId = await createCustomer(db());
    await createProduct(db(), { variants: [{ id: "v", stockQuantity: 10 }] });
    const { orderId } = await startCheckout(
      db(),
      provider,
      { userId, request: request([{ variantId: "v", quantity: 4 }]) },
      settings,
    );
    expect(await stockOf("v")).toBe(6);
    expect(await expireDueOrders(db(), new Date(Date.now() + 29 * 60_000))).toBe(0);
    expect(await expireDueOrders(db(), new Date(Date.now() + 31 * 60_000))).toBe(1);
    expect(await orderRow(orderId)).toMatchObject({
      status: "cancelled",
      paymentError: "Payment was not completed in time.",
    });
    expect(await stockOf("v")).toBe(10);
    // Twice changes nothing.
    expect(await expireDueOrders(db(), new Date(Date.now() + 31 * 60_000))).toBe(0);
    expect(await stockOf("v")).toBe(10);
  });

  it("never oversells: 50 concurrent checkouts for 10 in stock make 10 orders and 40 refusals", async () => {
    await createProduct(db(), { name: "Bundle", variants: [{ id: "bundle", stockQuantity: 10 }] });
    const customers = await Promise.all(Array.from({ length: 50 }, () => createCustomer(db())));
    const results = await Promise.allSettled(
      customers.map((userId) =>
        startCheckout(
          db(),
          provider,
          { userId, request: request([{ variantId: "bundle", quantity: 1 }]) },
          settings,
        ),
      ),
    );
    const made = results.filter((result) => result.status === "fulfilled");
    const refused = results.flatMap((result) =>
      result.status === "rejected" ? [result.reason] : [],
    );
    expect(made).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const reason of refused) {
      expect(reason).toMatchObject({
        code: "OUT_OF_STOCK",
        message: "Not enough stock for Bundle. Only 0 left.",
      });
    }
    expect(await stockOf("bundle")).toBe(0);
    expect(await db().select().from(orders).where(eq(orders.status, "pending"))).toHaveLength(10);
  });
});
