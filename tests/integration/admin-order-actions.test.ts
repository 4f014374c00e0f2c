import { getAdminOrder } from "@server/admin/admin-order-detail";
import {
  cancelOrderFromAdmin,
  deliverOrder,
  fulfilOrder,
  refundOrderFromAdmin,
} from "@server/admin/order-actions";
import { providerActor } from "@server/audit/audit-log";
import { startCheckout } from "@server/checkout/checkout-service";
import { recordRefund } from "@server/checkout/payment-service";
import { emailOutbox } from "@server/email/schema";
import { DomainError } from "@server/errors";
import { retryDelayMs } from "@server/jobs/retry-delay";
import { logger } from "@server/logger";
import { refundOrder } from "@server/orders/order-refunds";
import { markPaid } from "@server/orders/order-state";
import { orderItems } from "@server/orders/schema";
import { PaymentProviderError } from "@server/payments/provider";
import { refunds } from "@server/payments/schema";
import { createStripeProvider } from "@server/payments/stripe-provider";
import { createTestProvider } from "@server/payments/test-provider";
import { stockMovements } from "@server/stock/schema";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  checkoutCart,
  createCustomer,
  createProduct,
  orderRow,
  paidOrderOfTwo,
  stockOf,
  testBrand,
  testCheckoutSettings,
} from "../factories";
import { askForDueReviews, finishUnansweredRefunds, queueRefundFollowUp } from "../job-handlers";
import { testDrivers, useTestDatabase } from "../setup/test-database";
import { type StripeStandIn, startStripeStandIn } from "../stripe-stand-in";

// The admin's order actions: fulfil with a carrier and tracking number (the
// customer emailed through the outbox), deliver, cancel (a paid order refunded in full, its stock
// released), refund in full or in part through the provider, with or without restocking. Each is
// recorded in the audit log; what the status forbids is refused and changes nothing.

const settings = testCheckoutSettings;
const provider = createTestProvider("integration-test-secret-of-32-characters!");

const refusal = (message: string | RegExp) =>
  expect.objectContaining({
    constructor: DomainError,
    message: typeof message === "string" ? message : expect.stringMatching(message),
  });

describe.each(testDrivers)("the admin's order actions on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();
  let adminId = "";

  /** A paid order of 2 strips at £20.00 each (£40.00, 10% off, £3.99 shipping: £39.99). */
  async function paidOrder() {
    const order = await paidOrderOfTwo(db(), provider);
    adminId = order.adminId;
    return order;
  }

  /** A customer's order of one `pricePence` variant, paid through the Stripe stand-in. */
  async function stripePaidOrder(standIn: StripeStandIn, pricePence: number) {
    const stripe = createStripeProvider({
      secretKey: "sk_test_stand_in",
      webhookSecret: "whsec_integration_test_secret",
      api: { host: "127.0.0.1", port: standIn.port, protocol: "http" },
    });
    const userId = await createCustomer(db());
    const variantId = `stripe-${userId}`;
    await createProduct(db(), { variants: [{ id: variantId, pricePence, stockQuantity: 5 }] });
    const { orderId, totalPence } = await startCheckout(
      db(),
      stripe,
      { userId, request: checkoutCart([{ variantId, quantity: 1 }]) },
      settings,
    );
    const order = await orderRow(db(), orderId);
    const intent = standIn.intents.get(order.providerIntentId ?? "");
    if (!intent) throw new Error("no intent at the stand-in");
    Object.assign(intent, { status: "succeeded", amount_received: totalPence });
    await db().transaction((tx) =>
      markPaid(tx, orderId, providerActor("stripe"), { brand: testBrand }),
    );
    return { stripe, orderId, userId, totalPence };
  }

  const historyOf = async (orderId: string) =>
    (await getAdminOrder(db(), orderId))?.history.map((entry) => [
      entry.action,
      entry.actorType,
      entry.reason,
    ]);

  it("follows an order from paid to fulfilled (the customer emailed) to delivered", async () => {
    const { orderId } = await paidOrder();
    await expect(deliverOrder(db(), adminId, orderId)).rejects.toEqual(
      refusal("This order is paid: it cannot be delivered."),
    );
    await fulfilOrder(db(), adminId, orderId, { carrier: "Royal Mail", trackingNumber: "RM1GB" });
    expect(await orderRow(db(), orderId)).toMatchObject({
      status: "fulfilled",
      carrier: "Royal Mail",
      trackingNumber: "RM1GB",
    });
    const [shipped] = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "order-shipped"));
    expect(shipped?.toAddress).toBe((await orderRow(db(), orderId)).customerEmail);
    expect(shipped?.text).toContain("Royal Mail, tracking number RM1GB");
    await expect(
      fulfilOrder(db(), adminId, orderId, { carrier: null, trackingNumber: null }),
    ).rejects.toEqual(refusal("This order is fulfilled: it cannot be fulfilled."));
    await deliverOrder(db(), adminId, orderId);
    expect((await orderRow(db(), orderId)).status).toBe("delivered");
    await expect(deliverOrder(db(), adminId, orderId)).rejects.toEqual(
      refusal("This order is delivered: it cannot be delivered."),
    );
    // Delivered: 14 days on (the settings' default, a treatment's length), not before, one email
    // asks for a review of what was in it, linking to its review form.
    const reviewAsks = () =>
      db().select().from(emailOutbox).where(eq(emailOutbox.kind, "review-request"));
    const deliveredAt = (await orderRow(db(), orderId)).deliveredAt?.getTime() ?? 0;
    await askForDueReviews(db(), new Date(deliveredAt + 60_000));
    await askForDueReviews(db(), new Date(deliveredAt + 13 * 86_400_000));
    expect(await reviewAsks()).toHaveLength(0);
    await askForDueReviews(db(), new Date(deliveredAt + 14 * 86_400_000 + 60_000));
    await askForDueReviews(db(), new Date(deliveredAt + 15 * 86_400_000));
    const asks = await reviewAsks();
    expect(asks).toHaveLength(1);
    const [product] = await db()
      .select({ id: orderItems.productId, name: orderItems.productName })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));
    expect(asks[0]?.toAddress).toBe((await orderRow(db(), orderId)).customerEmail);
    expect(asks[0]?.text).toMatch(
      new RegExp(`Review ${product?.name}: https?://[^/]+/product/${product?.id}/review`),
    );
    expect(await historyOf(orderId)).toEqual([
      ["order.created", "customer", null],
      ["order.paid", "provider", null],
      ["order.fulfilled", "admin", null],
      ["order.delivered", "admin", null],
    ]);
  });

  it("refunds in part, then the rest; never more than was paid", async () => {
    const { orderId, variantId } = await paidOrder();
    const order = await orderRow(db(), orderId);
    expect(order.totalPence).toBe(3999);
    await refundOrderFromAdmin(db(), adminId, orderId, {
      amountPence: 1000,
      restock: [],
      reason: "One strip was damaged",
    });
    expect(await orderRow(db(), orderId)).toMatchObject({ status: "paid", refundedPence: 1000 });
    await expect(
      refundOrderFromAdmin(db(), adminId, orderId, {
        amountPence: 3000,
        restock: [],
        reason: null,
      }),
    ).rejects.toEqual(refusal("Refund between £0.01 and £29.99."));
    await refundOrderFromAdmin(db(), adminId, orderId, {
      amountPence: 2999,
      restock: [],
      reason: "Changed mind",
    });
    expect(await orderRow(db(), orderId)).toMatchObject({
      status: "refunded",
      refundedPence: 3999,
    });
    // No restock asked: the stock stays sold.
    expect(await stockOf(db(), variantId)).toBe(8);
    await expect(
      refundOrderFromAdmin(db(), adminId, orderId, {
        amountPence: 1,
        restock: [],
        reason: null,
      }),
    ).rejects.toEqual(refusal("This order is refunded: it cannot be refunded."));
    const detail = await getAdminOrder(db(), orderId);
    expect(detail?.refunds.map((row) => [row.amountPence, row.status])).toEqual([
      [1000, "succeeded"],
      [2999, "succeeded"],
    ]);
    expect(await historyOf(orderId)).toEqual([
      ["order.created", "customer", null],
      ["order.paid", "provider", null],
      ["order.refunded_in_part", "admin", "One strip was damaged"],
      ["order.refunded", "admin", "Changed mind"],
    ]);
    // The provider's own report of those refunds, arriving later, changes nothing.
    const late = await recordRefund(
      db(),
      {
        provider: "test",
        eventId: `evt-refund-${orderId}`,
        type: "charge.refunded",
        intentId: order.providerIntentId ?? "",
        amountRefundedPence: 3999,
      },
      testBrand,
    );
    expect(late.outcome).toBe("ignored");
  });

  it("puts back on sale the units the admin names, never more than the order took", async () => {
    const { orderId, variantId } = await paidOrder();
    await fulfilOrder(db(), adminId, orderId, { carrier: null, trackingNumber: null });
    // One of the two came back with a refund in part.
    await refundOrderFromAdmin(db(), adminId, orderId, {
      amountPence: 2000,
      restock: [{ variantId, quantity: 1 }],
      reason: "One returned",
    });
    expect(await stockOf(db(), variantId)).toBe(9);
    expect((await getAdminOrder(db(), orderId))?.items.map((item) => item.stillOut)).toEqual([1]);
    // Asking for more than is still out, or for another variant, is refused and changes nothing.
    await expect(
      refundOrderFromAdmin(db(), adminId, orderId, {
        amountPence: 1999,
        restock: [{ variantId, quantity: 2 }],
        reason: null,
      }),
    ).rejects.toEqual(refusal("At most 1 of that item can go back in stock."));
    await expect(
      refundOrderFromAdmin(db(), adminId, orderId, {
        amountPence: 1999,
        restock: [{ variantId: "not-in-this-order", quantity: 1 }],
        reason: null,
      }),
    ).rejects.toEqual(refusal("That item is not in this order."));
    expect(await orderRow(db(), orderId)).toMatchObject({ refundedPence: 2000 });
    await refundOrderFromAdmin(db(), adminId, orderId, {
      amountPence: 1999,
      restock: [{ variantId, quantity: 1 }],
      reason: "The other returned",
    });
    expect(await stockOf(db(), variantId)).toBe(10);
    const movements = await db()
      .select({ kind: stockMovements.kind, change: stockMovements.quantityChange })
      .from(stockMovements)
      .where(eq(stockMovements.variantId, variantId))
      .orderBy(asc(stockMovements.createdAt));
    expect(movements).toEqual([
      { kind: "restock", change: 10 },
      { kind: "sale", change: -2 },
      { kind: "restock", change: 1 },
      { kind: "restock", change: 1 },
    ]);
  });

  it("cancels a paid order after a refund in part put one unit back: only the other is released", async () => {
    const { orderId, variantId } = await paidOrder();
    await refundOrderFromAdmin(db(), adminId, orderId, {
      amountPence: 1000,
      restock: [{ variantId, quantity: 1 }],
      reason: null,
    });
    await cancelOrderFromAdmin(db(), adminId, orderId, {
      reason: "Customer cancelled",
      expectedStatus: "paid",
      refundPence: 2999,
    });
    expect(await orderRow(db(), orderId)).toMatchObject({
      status: "cancelled",
      refundedPence: 3999,
    });
    expect(await stockOf(db(), variantId)).toBe(10);
  });

  it("cancels a paid order that has not left: refunded in full, its stock released", async () => {
    const { orderId, variantId } = await paidOrder();
    await cancelOrderFromAdmin(db(), adminId, orderId, {
      reason: "Out of stock at the warehouse",
      expectedStatus: "paid",
      refundPence: 3999,
    });
    expect(await orderRow(db(), orderId)).toMatchObject({
      status: "cancelled",
      refundedPence: 3999,
    });
    expect(await stockOf(db(), variantId)).toBe(10);
    expect((await historyOf(orderId))?.at(-1)).toEqual([
      "order.cancelled",
      "admin",
      "Out of stock at the warehouse",
    ]);
  });

  it("cancels a pending order; refuses to cancel one that has left", async () => {
    const userId = await createCustomer(db());
    adminId = await createCustomer(db(), `admin-${userId}@example.com`);
    await createProduct(db(), { variants: [{ id: "pen", pricePence: 2499, stockQuantity: 5 }] });
    const { orderId } = await startCheckout(
      db(),
      provider,
      { userId, request: checkoutCart([{ variantId: "pen", quantity: 1 }]) },
      settings,
    );
    await cancelOrderFromAdmin(db(), adminId, orderId, { reason: null, expectedStatus: "pending" });
    expect((await orderRow(db(), orderId)).status).toBe("cancelled");
    expect(await stockOf(db(), "pen")).toBe(5);

    const shipped = await paidOrder();
    await fulfilOrder(db(), adminId, shipped.orderId, { carrier: null, trackingNumber: null });
    await expect(
      cancelOrderFromAdmin(db(), adminId, shipped.orderId, { reason: null, refundPence: 3999 }),
    ).rejects.toEqual(refusal("This order is fulfilled: it cannot be cancelled."));
    expect((await orderRow(db(), shipped.orderId)).status).toBe("fulfilled");
  });

  it("changes nothing when the provider cannot refund, and keeps its reason", async () => {
    const { orderId, variantId } = await paidOrder();
    await expect(
      refundOrder(db(), () => null, logger, {
        orderId,
        adminId,
        amountPence: 3999,
        restock: [],
        reason: null,
      }),
    ).rejects.toEqual(refusal(/^The refund failed: The test payment provider is not configured/));
    expect(await orderRow(db(), orderId)).toMatchObject({ status: "paid", refundedPence: 0 });
    expect(await stockOf(db(), variantId)).toBe(8);
    const [failed] = await db().select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(failed).toMatchObject({ status: "failed", amountPence: 3999 });
    // A failed refund holds nothing back: the whole amount may be refunded again.
    await refundOrderFromAdmin(db(), adminId, orderId, {
      amountPence: 3999,
      restock: [],
      reason: null,
    });
    expect((await orderRow(db(), orderId)).status).toBe("refunded");
  });

  it("refunds the exact amount asked through Stripe, each refund once", async () => {
    const standIn: StripeStandIn = await startStripeStandIn();
    try {
      const { stripe, orderId, userId } = await stripePaidOrder(standIn, 3999);
      await refundOrder(db(), () => stripe, logger, {
        orderId,
        adminId: userId,
        amountPence: 500,
        restock: [],
        reason: null,
      });
      expect(standIn.refunds.map((refund) => refund.amount)).toEqual([500]);
      const call = standIn.requests.findLast((request) => request.path === "/v1/refunds");
      expect(call?.form.get("amount")).toBe("500");
      expect(call?.idempotencyKey).toMatch(/^refund-/);
      expect(await orderRow(db(), orderId)).toMatchObject({ status: "paid", refundedPence: 500 });
    } finally {
      await standIn.close();
    }
  });

  it("keeps a refund under way while Stripe answers with errors, and makes it once when it is back", async () => {
    const standIn: StripeStandIn = await startStripeStandIn();
    try {
      const { stripe, orderId, userId, totalPence } = await stripePaidOrder(standIn, 2499);
      // Stripe's own error (a 500): it may have made the refund, so nothing is settled either way.
      standIn.down = true;
      await expect(
        refundOrder(db(), () => stripe, logger, {
          orderId,
          adminId: userId,
          amountPence: totalPence,
          restock: [],
          reason: null,
        }),
      ).rejects.toEqual(refusal(/^The payment provider did not answer\./));
      const [waiting] = await db().select().from(refunds).where(eq(refunds.orderId, orderId));
      expect(waiting?.status).toBe("pending");
      standIn.down = false;
      await finishUnansweredRefunds(db(), () => stripe, new Date(Date.now() + 6 * 60_000));
      expect(standIn.refunds.map((refund) => refund.amount)).toEqual([totalPence]);
      expect(await orderRow(db(), orderId)).toMatchObject({
        status: "refunded",
        refundedPence: totalPence,
      });
      // A refusal (Stripe's invalid request) fails the refund at once and says why.
      const second = await paidOrder();
      const refused = await refundOrder(db(), () => stripe, logger, {
        orderId: second.orderId,
        adminId,
        amountPence: 100,
        restock: [],
        reason: null,
      }).catch((error: unknown) => error);
      expect(refused).toEqual(refusal("The refund failed: This PaymentIntent has no charge."));
    } finally {
      await standIn.close();
    }
  });

  it("finishes refunds a crash left pending: asked again with the same key, recorded once", async () => {
    const now = new Date();
    const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
    const { orderId } = await paidOrder();
    const pendingRow = async (
      order: string,
      amountPence: number,
      minutes: number,
      extra: Partial<typeof refunds.$inferInsert> = {},
    ) => {
      const [row] = await db()
        .insert(refunds)
        .values({
          orderId: order,
          amountPence,
          provider: "test",
          adminId,
          createdAt: minutesAgo(minutes),
          updatedAt: minutesAgo(minutes),
          ...extra,
        })
        .returning();
      if (!row) throw new Error("no refund row");
      await queueRefundFollowUp(db(), row);
      return row;
    };
    // Left by a crash ten minutes ago; one still running (a minute old); one two days old.
    const stale = await pendingRow(orderId, 1000, 10);
    const running = await pendingRow(orderId, 500, 1);
    const ancient = await pendingRow(orderId, 300, 2 * 24 * 60);
    const calls: unknown[][] = [];
    const recording = {
      ...provider,
      refundIntent: async (intentId: string, key: string, amount?: number) => {
        calls.push([intentId.length > 0, key, amount]);
      },
    };
    expect(await finishUnansweredRefunds(db(), () => recording, now)).toEqual({
      settled: 1,
      failed: 0,
      waiting: 0,
    });
    expect(calls).toEqual([[true, `refund-${stale.id}`, 1000]]);
    expect(await orderRow(db(), orderId)).toMatchObject({ status: "paid", refundedPence: 1000 });
    const statusOf = async (id: string) =>
      (await db().select().from(refunds).where(eq(refunds.id, id)))[0]?.status;
    expect([
      await statusOf(stale.id),
      await statusOf(running.id),
      await statusOf(ancient.id),
    ]).toEqual(["succeeded", "pending", "pending"]);
    // Nothing twice: the settled row is not taken again, the order not changed again.
    await finishUnansweredRefunds(db(), () => recording, now);
    expect(calls).toHaveLength(1);
    expect((await orderRow(db(), orderId)).refundedPence).toBe(1000);

    // An admin's cancellation left unfinished ends cancelled, its stock released.
    const second = await paidOrder();
    await pendingRow(second.orderId, 3999, 10, { cancelsOrder: true });
    await finishUnansweredRefunds(db(), () => recording, now);
    expect(await orderRow(db(), second.orderId)).toMatchObject({
      status: "cancelled",
      refundedPence: 3999,
    });
    expect(await stockOf(db(), second.variantId)).toBe(10);

    // A refusal fails the row; a provider out of reach leaves it for a later round.
    const third = await paidOrder();
    const refused = await pendingRow(third.orderId, 100, 10);
    const unreachable = await pendingRow(third.orderId, 200, 10);
    let attempt = 0;
    const flaky = {
      ...provider,
      refundIntent: async () => {
        attempt += 1;
        if (attempt === 1) throw new PaymentProviderError("Charge already refunded.");
        throw new Error("connect ECONNREFUSED");
      },
    };
    expect(await finishUnansweredRefunds(db(), () => flaky, now)).toEqual({
      settled: 0,
      failed: 1,
      waiting: 1,
    });
    const rows = await db().select().from(refunds).where(eq(refunds.orderId, third.orderId));
    expect(rows.find((row) => row.id === refused.id)).toMatchObject({
      status: "failed",
      error: "Charge already refunded.",
    });
    expect(rows.find((row) => row.id === unreachable.id)?.status).toBe("pending");
    // Asked again after the queue's delay, not before.
    await finishUnansweredRefunds(db(), () => recording, new Date(now.getTime() + 10_000));
    expect((await orderRow(db(), third.orderId)).refundedPence).toBe(0);
    await finishUnansweredRefunds(
      db(),
      () => recording,
      new Date(now.getTime() + retryDelayMs(1) + 1000),
    );
    expect((await orderRow(db(), third.orderId)).refundedPence).toBe(200);
  });

  it("records a refund once when a slow request and the finishing round both see it through", async () => {
    const { orderId } = await paidOrder();
    let finished: unknown;
    // The provider answers so late that another instance's round takes the row as a crash's.
    const slow = {
      ...provider,
      refundIntent: async () => {
        finished = await finishUnansweredRefunds(
          db(),
          () => provider,
          new Date(Date.now() + 6 * 60_000),
        );
      },
    };
    await refundOrder(db(), () => slow, logger, {
      orderId,
      adminId,
      amountPence: 700,
      restock: [],
      reason: null,
    });
    expect(finished).toEqual({ settled: 1, failed: 0, waiting: 0 });
    expect(await orderRow(db(), orderId)).toMatchObject({ status: "paid", refundedPence: 700 });
    const history = await historyOf(orderId);
    expect(history?.filter(([action]) => action === "order.refunded_in_part")).toHaveLength(1);
  });
});
