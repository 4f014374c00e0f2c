import { listAbandonedCheckouts } from "@server/admin/abandoned-checkouts";
import { resumeCartLines } from "@server/cart/cart-service";
import { startCheckout } from "@server/checkout/checkout-service";
import { emailOutbox } from "@server/email/schema";
import { runJobsRound } from "@server/jobs/job-queue";
import { jobs } from "@server/jobs/schema";
import { logger } from "@server/logger";
import { remindCheckoutJob, remindersSentSince } from "@server/newsletter/checkout-reminder";
import { newsletterSubscribers } from "@server/newsletter/schema";
import { unsubscribe } from "@server/newsletter/subscriptions";
import { expireOrderJob } from "@server/orders/expire-orders";
import { orders } from "@server/orders/schema";
import { createTestProvider } from "@server/payments/test-provider";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  checkoutCart,
  createCustomer,
  createProduct,
  orderRow,
  payOrder,
  testBrand,
  testCheckoutSettings,
} from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// The abandoned checkout reminder: one email, the settings' delay after a subscribed customer
// left an order unpaid, with the List-Unsubscribe headers and a link that brings the order back
// to the checkout; none when the reminder is off, after payment, after the order expired and
// its stock went back, or for a customer who never subscribed or unsubscribed.

const provider = createTestProvider("integration-test-secret-of-32-characters!");
const MINUTE = 60_000;
const settings = { ...testCheckoutSettings, pendingOrderMinutes: 240, reminderMinutes: 120 };

describe.each(testDrivers)("the abandoned checkout reminder on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();
  let enabled = true;
  const handlers = () => ({
    "remind-checkout": remindCheckoutJob(
      db(),
      async () => ({ abandonedReminderEnabled: enabled }),
      async () => testBrand,
    ),
    "expire-order": expireOrderJob(db(), async () => settings.pendingOrderMinutes),
  });
  const runAt = (order: { createdAt: Date }, minutes: number) =>
    runJobsRound(db(), handlers(), logger, new Date(order.createdAt.getTime() + minutes * MINUTE));

  /** A customer (subscribed unless told) with an unpaid order of one £15.00 pen. */
  async function leftOrder(
    options: {
      subscribed?: boolean;
      reminderMinutes?: number | null;
      pendingMinutes?: number;
    } = {},
  ) {
    enabled = true;
    const userId = await createCustomer(db());
    const variantId = `pen-${userId}`;
    await createProduct(db(), {
      variants: [{ id: variantId, pricePence: 1500, stockQuantity: 5 }],
    });
    const { orderId } = await startCheckout(
      db(),
      provider,
      { userId, request: checkoutCart([{ variantId, quantity: 2 }]) },
      {
        ...settings,
        pendingOrderMinutes: options.pendingMinutes ?? settings.pendingOrderMinutes,
        reminderMinutes:
          options.reminderMinutes === undefined
            ? settings.reminderMinutes
            : options.reminderMinutes,
      },
    );
    const order = await orderRow(db(), orderId);
    if (options.subscribed !== false) {
      await db()
        .insert(newsletterSubscribers)
        .values({
          email: order.customerEmail.toLowerCase(),
          token: `token-${userId}`,
          status: "subscribed",
          sourcePage: "/",
          consentText: "Deals.",
          confirmedAt: new Date(),
        });
    }
    return { userId, orderId, variantId, order };
  }

  const remindersTo = async (email: string) =>
    db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "checkout-reminder")));

  it("sends one reminder after the delay, with the way back and the way out", async () => {
    const { orderId, order, userId, variantId } = await leftOrder();
    await runAt(order, 119);
    expect(await remindersTo(order.customerEmail)).toHaveLength(0);
    await runAt(order, 121);
    const [reminder, ...more] = await remindersTo(order.customerEmail);
    expect(more).toHaveLength(0);
    expect(reminder?.text).toContain(`${testBrand.baseUrl}/checkout?resume=${orderId}`);
    expect(reminder?.text).toContain("2 × Test Product");
    expect(reminder?.text).toContain(
      `${testBrand.baseUrl}/newsletter/unsubscribe?token=token-${userId}`,
    );
    expect(reminder?.headers).toEqual({
      "List-Unsubscribe": `<${testBrand.baseUrl}/api/newsletter/unsubscribe?token=token-${userId}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect((await orderRow(db(), orderId)).reminderSentAt).toBeInstanceOf(Date);
    expect(await remindersSentSince(db(), order.createdAt)).toBeGreaterThanOrEqual(1);

    // Once: the round again, or the job asked for again, sends nothing more.
    await runAt(order, 180);
    expect(await remindersTo(order.customerEmail)).toHaveLength(1);

    // The link's order becomes the cart again; nobody else's does.
    const lines = await resumeCartLines(db(), userId, orderId);
    expect(lines).toEqual([expect.objectContaining({ variantId, quantity: 2, pricePence: 1500 })]);
    expect(await resumeCartLines(db(), await createCustomer(db()), orderId)).toEqual([]);
  });

  it("lists abandoned checkouts: a retry left out, the reminder and a recovery shown", async () => {
    // Reminded at 121 minutes, then back at 130 to buy again: abandoned, reminded, recovered.
    const recovered = await leftOrder();
    await runAt(recovered.order, 121);
    const again = new Date(recovered.order.createdAt.getTime() + 130 * MINUTE);
    const bought = await startCheckout(
      db(),
      provider,
      {
        userId: recovered.userId,
        request: checkoutCart([{ variantId: recovered.variantId, quantity: 1 }]),
      },
      settings,
      again,
    );
    await payOrder(db(), bought.orderId);
    // The order's row is stamped by the database's clock: moved to the moment it stands for.
    await db().update(orders).set({ createdAt: again }).where(eq(orders.id, bought.orderId));
    // Another tab five minutes on, before any reminder: one checkout, the later order's.
    const retried = await leftOrder({ reminderMinutes: null });
    const retry = await startCheckout(
      db(),
      provider,
      {
        userId: retried.userId,
        request: checkoutCart([{ variantId: retried.variantId, quantity: 1 }]),
      },
      settings,
      new Date(retried.order.createdAt.getTime() + 5 * MINUTE),
    );
    // Paid at once: never abandoned.
    const paid = await leftOrder();
    await payOrder(db(), paid.orderId);

    const list = await listAbandonedCheckouts(db(), { since: new Date(0) });
    const byOrder = new Map(list.checkouts.map((row) => [row.orderId, row]));
    expect(byOrder.get(recovered.orderId)).toMatchObject({
      customerEmail: recovered.order.customerEmail,
      items: expect.stringMatching(/^2 × Test Product/),
      totalPence: recovered.order.totalPence,
      open: false,
      reminderSentAt: expect.any(Date),
      recoveredBy: {
        orderId: bought.orderId,
        number: (await orderRow(db(), bought.orderId)).number,
      },
    });
    expect(byOrder.get(retry.orderId)).toMatchObject({
      items: expect.stringMatching(/^1 × Test Product/),
      open: true,
      reminderSentAt: null,
      recoveredBy: null,
    });
    for (const left of [retried.orderId, paid.orderId, bought.orderId]) {
      expect(byOrder.has(left)).toBe(false);
    }
    expect(list).toMatchObject({
      total: 2,
      totalPence: recovered.order.totalPence + (await orderRow(db(), retry.orderId)).totalPence,
      reminded: 1,
      recovered: 1,
      recoveredPence: recovered.order.totalPence,
    });
  });

  it("sends none once the order is paid", async () => {
    const { orderId, order, userId } = await leftOrder();
    await payOrder(db(), orderId);
    await runAt(order, 121);
    expect(await remindersTo(order.customerEmail)).toHaveLength(0);
    expect(await resumeCartLines(db(), userId, orderId)).toEqual([]);
  });

  it("sends none once the order expired and its stock went back", async () => {
    // The order held its stock a shorter while than the reminder's delay.
    const { order } = await leftOrder({ pendingMinutes: 60 });
    await runJobsRound(
      db(),
      { "expire-order": expireOrderJob(db(), async () => 60) },
      logger,
      new Date(order.createdAt.getTime() + 61 * MINUTE),
    );
    expect((await orderRow(db(), order.id)).status).toBe("cancelled");
    await runAt(order, 121);
    expect(await remindersTo(order.customerEmail)).toHaveLength(0);
  });

  it("sends none to a customer who unsubscribed or never subscribed", async () => {
    const gone = await leftOrder();
    await unsubscribe(db(), `token-${gone.userId}`);
    await runAt(gone.order, 121);
    expect(await remindersTo(gone.order.customerEmail)).toHaveLength(0);

    const never = await leftOrder({ subscribed: false });
    await runAt(never.order, 121);
    expect(await remindersTo(never.order.customerEmail)).toHaveLength(0);
  });

  it("sends none while the reminder is off, and queues none when it was off", async () => {
    const offNow = await leftOrder();
    enabled = false;
    await runAt(offNow.order, 121);
    expect(await remindersTo(offNow.order.customerEmail)).toHaveLength(0);

    const offThen = await leftOrder({ reminderMinutes: null });
    const queued = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, "remind-checkout"), eq(jobs.subjectId, offThen.orderId)));
    expect(queued).toHaveLength(0);
  });
});
