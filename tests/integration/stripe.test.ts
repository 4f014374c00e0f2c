import { formatOrderNumber } from "@common/orders/order-number";
import { startCheckout } from "@server/checkout/checkout-service";
import { receiveStripeWebhook } from "@server/checkout/stripe-webhook";
import { emailOutbox } from "@server/email/schema";
import { runJobsRound } from "@server/jobs/job-queue";
import { jobs } from "@server/jobs/schema";
import { logger } from "@server/logger";
import { findCustomerOrder } from "@server/orders/orders-service";
import { orders } from "@server/orders/schema";
import { paymentEvents } from "@server/payments/schema";
import { createStripeProvider, type StripeProvider } from "@server/payments/stripe-provider";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutRequestSchema } from "../../common/checkout/checkout-input";
import { formatPence } from "../../common/money";
import { createCustomer, createProduct, testBrand, testCheckoutSettings } from "../factories";
import { expireDueOrders, paymentTaskJobs } from "../job-handlers";
import { dueNow, testDrivers, useTestDatabase } from "../setup/test-database";
import { type StripeStandIn, startStripeStandIn } from "../stripe-stand-in";

// The Stripe adapter with the real SDK against a local stand-in for Stripe's API, and webhooks
// signed with the SDK's own test helper. Nothing here reaches Stripe.

const WEBHOOK_SECRET = "whsec_integration_test_secret";
const brand = testBrand;
const settings = testCheckoutSettings;
const signer = new Stripe("sk_test_signer_only");

describe.each(testDrivers)("Stripe on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();
  let standIn: StripeStandIn;
  let stripe: StripeProvider;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    stripe = createStripeProvider({
      secretKey: "sk_test_stand_in",
      webhookSecret: WEBHOOK_SECRET,
      api: { host: "127.0.0.1", port: standIn.port, protocol: "http" },
    });
  });
  afterAll(async () => {
    await standIn.close();
  });

  async function checkout() {
    const userId = await createCustomer(db());
    await createProduct(db(), {
      name: "Strips",
      variants: [{ id: `strips-${userId}`, pricePence: 3999, stockQuantity: 5 }],
    });
    const request = checkoutRequestSchema.parse({
      items: [{ variantId: `strips-${userId}`, quantity: 1 }],
      customerDetails: {
        fullName: "Ada Lovelace",
        email: "ada@example.com",
        phone: "07700 900123",
        shippingAddress: "1 Analytical Row, London N1 1AA",
      },
    });
    return { ...(await startCheckout(db(), stripe, { userId, request }, settings)), userId };
  }

  /** The order's PaymentIntent as the stand-in holds it (the test sets what Stripe would say). */
  async function standInIntent(orderId: string) {
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    const intentId = order?.providerIntentId ?? "";
    const intent = standIn.intents.get(intentId);
    if (!intent) throw new Error("no intent at the stand-in");
    return { intentId, intent };
  }

  function webhook(event: object, secret = WEBHOOK_SECRET) {
    const payload = JSON.stringify(event);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
    return receiveStripeWebhook(db(), stripe, payload, signature, brand);
  }

  const intentEvent = (id: string, type: string, intentId: string, extra: object = {}) => ({
    id,
    object: "event",
    type,
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: intentId, object: "payment_intent", ...extra } },
  });

  it("creates a GBP PaymentIntent in pence with the order id, idempotently", async () => {
    const result = await checkout();
    const call = standIn.requests.findLast((request) => request.path === "/v1/payment_intents");
    // £39.99 less 10% (£4.00) plus £3.99 shipping.
    expect(call?.form.get("amount")).toBe(String(3999 - 400 + 399));
    expect(call?.form.get("currency")).toBe("gbp");
    expect(call?.form.get("metadata[order_id]")).toBe(result.orderId);
    expect(call?.idempotencyKey).toBe(`order-${result.orderId}`);
    expect(result.clientSecret).toMatch(/^pi_standin_\d+_secret_/);
    const [order] = await db().select().from(orders).where(eq(orders.id, result.orderId));
    expect(order).toMatchObject({ paymentProvider: "stripe", status: "pending" });
    expect(order?.providerIntentId).toMatch(/^pi_standin_/);
  });

  it("marks paid from a signed payment_intent.succeeded, once, with the amount Stripe holds", async () => {
    const { orderId, totalPence } = await checkout();
    const { intentId, intent } = await standInIntent(orderId);
    Object.assign(intent, { status: "succeeded", amount_received: totalPence });

    const event = intentEvent("evt_paid_1", "payment_intent.succeeded", intentId);
    expect(await webhook(event)).toEqual({ status: 200, body: { received: true } });
    expect(await webhook(event)).toEqual({ status: 200, body: { received: true } });
    const [paid] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(paid).toMatchObject({ status: "paid" });
    expect(await db().select().from(emailOutbox)).toHaveLength(1);
    expect(
      await db()
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.providerEventId, "evt_paid_1")),
    ).toHaveLength(1);

    // A failure event delivered late: Stripe says the intent succeeded, so it changes nothing.
    await webhook(
      intentEvent("evt_failed_late", "payment_intent.payment_failed", intentId, {
        last_payment_error: { message: "Your card was declined." },
      }),
    );
    const [still] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(still).toMatchObject({ status: "paid", paymentError: null });

    await webhook({
      id: "evt_refund",
      object: "event",
      type: "charge.refunded",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: "ch_1",
          object: "charge",
          payment_intent: intentId,
          amount_refunded: totalPence,
        },
      },
    });
    const [refunded] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(refunded?.status).toBe("refunded");
  });

  it("shows the customer's return the order as Stripe left it, whether the webhook came first or last", async () => {
    // The webhook before the browser returns: /success finds the order paid.
    const early = await checkout();
    const first = await standInIntent(early.orderId);
    Object.assign(first.intent, { status: "succeeded", amount_received: early.totalPence });
    await webhook(intentEvent("evt_before_return", "payment_intent.succeeded", first.intentId));
    expect(await findCustomerOrder(db(), early.userId, early.orderId)).toMatchObject({
      status: "paid",
    });

    // The browser first: the order is still pending ("Payment being confirmed"); the webhook
    // then pays it, once, however often it comes.
    const late = await checkout();
    expect(await findCustomerOrder(db(), late.userId, late.orderId)).toMatchObject({
      status: "pending",
    });
    const second = await standInIntent(late.orderId);
    Object.assign(second.intent, { status: "succeeded", amount_received: late.totalPence });
    for (let delivery = 0; delivery < 3; delivery++) {
      await webhook(intentEvent("evt_after_return", "payment_intent.succeeded", second.intentId));
    }
    expect(await findCustomerOrder(db(), late.userId, late.orderId)).toMatchObject({
      status: "paid",
    });
    // Neither customer sees the other's order.
    expect(await findCustomerOrder(db(), late.userId, early.orderId)).toBeNull();
    expect(await db().select().from(emailOutbox)).toHaveLength(2);
  });

  it("ends refunded when the refund's event arrives before the payment's", async () => {
    const { orderId, totalPence } = await checkout();
    const { intentId, intent } = await standInIntent(orderId);
    Object.assign(intent, { status: "succeeded", amount_received: totalPence });
    const refund = {
      id: "evt_refund_first",
      object: "event",
      type: "charge.refunded",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: "ch_2",
          object: "charge",
          payment_intent: intentId,
          amount_refunded: totalPence,
        },
      },
    };
    // The refund first (twice: Stripe retries), then the payment, late.
    expect((await webhook(refund)).status).toBe(200);
    expect((await webhook(refund)).status).toBe(200);
    expect(
      (await webhook(intentEvent("evt_paid_late", "payment_intent.succeeded", intentId))).status,
    ).toBe(200);
    const [ended] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(ended).toMatchObject({ status: "refunded", refundedPence: totalPence });
    // Paid once (one confirmation email), refunded once (one refund email, with the card).
    const emails = await db()
      .select({ kind: emailOutbox.kind, text: emailOutbox.text })
      .from(emailOutbox)
      .orderBy(emailOutbox.createdAt);
    expect(emails.map((email) => email.kind)).toEqual(["order-confirmation", "order-refunded"]);
    expect(emails[1]?.text).toContain(
      `We have refunded ${formatPence(totalPence)} to your card ending 4242 for your order ${formatOrderNumber(ended?.number ?? 0)}.`,
    );
    const [paid] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(paid?.cardLast4).toBe("4242");
    const events = await db()
      .select({ type: paymentEvents.type, outcome: paymentEvents.outcome })
      .from(paymentEvents)
      .where(eq(paymentEvents.orderId, orderId))
      .orderBy(paymentEvents.createdAt);
    expect(events).toEqual([
      { type: "payment_intent.succeeded", outcome: "applied" },
      { type: "charge.refunded", outcome: "applied" },
      { type: "payment_intent.succeeded", outcome: "ignored" },
    ]);
  });

  it("keeps a failed payment's order pending with the reason", async () => {
    const { orderId } = await checkout();
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    const intentId = order?.providerIntentId ?? "";
    await webhook(
      intentEvent("evt_failed", "payment_intent.payment_failed", intentId, {
        last_payment_error: { message: "Your card has insufficient funds." },
      }),
    );
    const [failed] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(failed).toMatchObject({
      status: "pending",
      paymentError: "Your card has insufficient funds.",
    });
  });

  it("flags a payment whose amount is not the order's", async () => {
    const { orderId } = await checkout();
    const { intentId, intent } = await standInIntent(orderId);
    Object.assign(intent, { status: "succeeded", amount_received: 100 });
    await webhook(intentEvent("evt_short", "payment_intent.succeeded", intentId));
    const [flagged] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(flagged).toMatchObject({ status: "pending", refundDue: true });
  });

  it("refuses a wrong or missing signature with 400 and records nothing", async () => {
    const { orderId } = await checkout();
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    const event = intentEvent(
      "evt_forged",
      "payment_intent.succeeded",
      order?.providerIntentId ?? "",
    );
    expect(await webhook(event, "whsec_someone_else")).toEqual({
      status: 400,
      body: { error: "Invalid signature." },
    });
    const payload = JSON.stringify(event);
    expect(await receiveStripeWebhook(db(), stripe, payload, null, brand)).toMatchObject({
      status: 400,
    });
    // A valid signature over a different body.
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect(
      await receiveStripeWebhook(
        db(),
        stripe,
        payload.replace("evt_forged", "evt_other"),
        signature,
        brand,
      ),
    ).toMatchObject({ status: 400 });
    expect(await db().select().from(paymentEvents)).toEqual([]);
  });

  const tasks = async (now = dueNow()) => {
    const { done, retried, parked } = await runJobsRound(
      db(),
      paymentTaskJobs(db(), (name) => (name === "stripe" ? stripe : null)),
      logger,
      now,
    );
    return { done, retried, failed: parked };
  };
  const paymentTask = async (orderId: string) =>
    (await db().select().from(jobs).where(eq(jobs.subjectId, orderId))).find(
      (job) => job.kind === "cancel-intent",
    );
  const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

  it("cancels an expired order's PaymentIntent, retrying while Stripe is down", async () => {
    const { orderId } = await checkout();
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    const intentId = order?.providerIntentId ?? "";
    expect(await expireDueOrders(db(), later(31))).toBe(1);

    standIn.down = true;
    try {
      expect(await tasks()).toEqual({ done: 0, retried: 1, failed: 0 });
    } finally {
      standIn.down = false;
    }
    expect(standIn.intents.get(intentId)?.status).toBe("requires_payment_method");
    expect(await paymentTask(orderId)).toMatchObject({ status: "queued", attempts: 1 });
    // Not before its retry time; then it goes through.
    expect(await tasks()).toEqual({ done: 0, retried: 0, failed: 0 });
    expect(await tasks(later(2))).toEqual({ done: 1, retried: 0, failed: 0 });
    expect(standIn.intents.get(intentId)?.status).toBe("canceled");
    expect(await paymentTask(orderId)).toMatchObject({ status: "done" });
  });

  it("refunds, once, a payment that succeeds after its order expired", async () => {
    const { orderId, totalPence } = await checkout();
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    const intentId = order?.providerIntentId ?? "";
    expect(await expireDueOrders(db(), later(31))).toBe(1);
    // The customer's card went through before the cancellation reached Stripe.
    const intent = standIn.intents.get(intentId);
    if (!intent) throw new Error("no intent at the stand-in");
    Object.assign(intent, { status: "succeeded", amount_received: totalPence });
    await webhook(intentEvent("evt_late_payment", "payment_intent.succeeded", intentId));
    const [flagged] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(flagged).toMatchObject({ status: "cancelled", refundDue: true });

    // The cancel finds the money taken; the refund (queued by the webhook and by the cancel
    // alike) is made once.
    await tasks();
    await tasks();
    expect(standIn.refunds.filter((refund) => refund.payment_intent === intentId)).toHaveLength(1);
    const refundCalls = standIn.requests.filter((request) => request.path === "/v1/refunds");
    expect(refundCalls.at(-1)?.idempotencyKey).toBe(`refund-order-${orderId}`);
    const [refunded] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(refunded).toMatchObject({
      status: "cancelled",
      refundDue: false,
      paymentError: "Refunded automatically: the payment arrived after the order was cancelled.",
    });
    // The customer is told, once.
    const emails = await db().select().from(emailOutbox);
    const number = formatOrderNumber(refunded?.number ?? 0);
    expect(emails.map((email) => [email.kind, email.subject])).toEqual([
      ["order-refunded", `About your payment for Gleam order ${number}`],
    ]);
    expect(emails[0]?.text).toContain(
      `Your payment for order ${number} arrived after the order had been cancelled, so we have refunded it to the card you paid with.`,
    );
  });

  it("cancels the PaymentIntent of an order a newer checkout replaced", async () => {
    const userId = await createCustomer(db());
    await createProduct(db(), {
      variants: [
        { id: "a", stockQuantity: 5 },
        { id: "b", stockQuantity: 5 },
      ],
    });
    const details = {
      fullName: "Ada Lovelace",
      email: "ada@example.com",
      phone: "07700 900123",
      shippingAddress: "1 Analytical Row, London N1 1AA",
    };
    const first = await startCheckout(
      db(),
      stripe,
      {
        userId,
        request: checkoutRequestSchema.parse({
          items: [{ variantId: "a", quantity: 1 }],
          customerDetails: details,
        }),
      },
      settings,
    );
    await startCheckout(
      db(),
      stripe,
      {
        userId,
        request: checkoutRequestSchema.parse({
          items: [{ variantId: "b", quantity: 1 }],
          customerDetails: details,
        }),
      },
      settings,
    );
    const [replaced] = await db().select().from(orders).where(eq(orders.id, first.orderId));
    expect(replaced?.status).toBe("cancelled");
    await tasks();
    expect(standIn.intents.get(replaced?.providerIntentId ?? "")?.status).toBe("canceled");
  });

  it("cancels the order and frees its stock when Stripe cannot be reached", async () => {
    const unreachable = createStripeProvider({
      secretKey: "sk_live_not_accepted_by_the_stand_in",
      webhookSecret: WEBHOOK_SECRET,
      api: { host: "127.0.0.1", port: standIn.port, protocol: "http" },
    });
    const userId = await createCustomer(db());
    await createProduct(db(), { variants: [{ id: "pen", stockQuantity: 2 }] });
    const request = checkoutRequestSchema.parse({
      items: [{ variantId: "pen", quantity: 1 }],
      customerDetails: {
        fullName: "Ada",
        email: "ada@example.com",
        phone: "07700 900123",
        shippingAddress: "1 Analytical Row, London N1 1AA",
      },
    });
    await expect(
      startCheckout(db(), unreachable, { userId, request }, settings),
    ).rejects.toMatchObject({
      code: "UNAVAILABLE",
      message: "Failed to create payment intent.",
    });
    const [order] = await db().select().from(orders);
    expect(order?.status).toBe("cancelled");
  });
});
