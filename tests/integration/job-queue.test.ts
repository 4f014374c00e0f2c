import { adminActor } from "@server/audit/audit-log";
import { startCheckout } from "@server/checkout/checkout-service";
import {
  enqueueJob,
  type JobHandlers,
  listParkedJobs,
  releaseJobLeases,
  retryParkedJob,
  runDueJobs,
  runJobsRound,
} from "@server/jobs/job-queue";
import { retryDelayMs } from "@server/jobs/retry-delay";
import { type JobKind, jobs } from "@server/jobs/schema";
import { logger } from "@server/logger";
import { sendCampaignJob } from "@server/newsletter/campaigns";
import { refundOrder } from "@server/orders/order-refunds";
import { orders } from "@server/orders/schema";
import { refunds } from "@server/payments/schema";
import { createTestProvider } from "@server/payments/test-provider";
import { parkedJobDescribers } from "@server/start/background-jobs";
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  checkoutCart,
  createCustomer,
  createProduct,
  orderRow,
  paidOrderOfTwo,
  testCheckoutSettings,
} from "../factories";
import { expireDueOrders } from "../job-handlers";
import { createRefundLedgerProvider } from "../refund-ledger-provider";
import { dueNow, everyDriver, useTestDatabase } from "../setup/test-database";

// The one job queue (docs/architecture.md#background-jobs): work is queued with the change that needs it, run
// once however many runners claim it, retried with a growing delay, parked after its kind's limit
// for the admin to send back, and a handler that is early says when to come back without it
// counting as a failure.

const SECRET = "integration-test-secret-of-32-characters!";

describe.each(everyDriver)("the job queue on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();
  const provider = createTestProvider(SECRET);

  async function jobOf(kind: JobKind, subjectId: string) {
    const [row] = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, kind), eq(jobs.subjectId, subjectId)));
    return row;
  }

  it("queues an order's expiry with the order, due when the shop's time-out ends", async () => {
    const userId = await createCustomer(db());
    await createProduct(db(), {
      variants: [{ id: "q-paste", pricePence: 1000, stockQuantity: 5 }],
    });
    const { orderId } = await startCheckout(
      db(),
      provider,
      { userId, request: checkoutCart([{ variantId: "q-paste", quantity: 1 }]) },
      testCheckoutSettings,
    );
    const order = await orderRow(db(), orderId);
    const job = await jobOf("expire-order", orderId);
    expect(job).toMatchObject({ status: "queued", attempts: 0 });
    expect(job?.runAt.getTime()).toBe(order.createdAt.getTime() + 30 * 60_000);

    // Run early (the admin lengthened the time-out meanwhile, or a clock ran ahead): it waits,
    // without counting a failure.
    const early = new Date(order.createdAt.getTime() + 45 * 60_000);
    const round = await runJobsRound(
      db(),
      {
        "expire-order": {
          maxAttempts: 10,
          run: async (claimed) => {
            expect(claimed.subjectId).toBe(orderId);
            return { runAt: new Date(order.createdAt.getTime() + 60 * 60_000) };
          },
        },
      },
      logger,
      early,
    );
    expect(round).toEqual({ done: 0, later: 1, retried: 0, parked: 0 });
    expect(await jobOf("expire-order", orderId)).toMatchObject({ status: "queued", attempts: 0 });
    // Due again at the time it asked for, when the expiry cancels it.
    expect(await expireDueOrders(db(), early)).toBe(0);
    expect(await expireDueOrders(db(), new Date(order.createdAt.getTime() + 61 * 60_000))).toBe(1);
    expect(await jobOf("expire-order", orderId)).toMatchObject({ status: "done" });
  });

  it("queues the follow-up of every refund, and leaves no pending order or refund without its job", async () => {
    const charged = new Map<string, number>();
    const ledger = createRefundLedgerProvider((intentId) => charged.get(intentId) ?? 0);
    const order = await paidOrderOfTwo(db(), ledger);
    charged.set(order.intentId, order.totalPence);
    ledger.behave("refund-then-time-out");
    await expect(
      refundOrder(db(), () => ledger, logger, {
        orderId: order.orderId,
        adminId: order.adminId,
        amountPence: 500,
        restock: [],
        reason: null,
      }),
    ).rejects.toThrow(/did not answer/);
    const [refund] = await db().select().from(refunds).where(eq(refunds.orderId, order.orderId));
    expect(await jobOf("finish-refund", refund?.id ?? "")).toMatchObject({ status: "queued" });

    const ordersWithoutJob = await db()
      .select({ id: orders.id })
      .from(orders)
      .leftJoin(jobs, and(eq(jobs.kind, "expire-order"), eq(jobs.subjectId, orders.id)))
      .where(and(eq(orders.status, "pending"), isNull(jobs.id)));
    expect(ordersWithoutJob).toEqual([]);
    const refundsWithoutJob = await db()
      .select({ id: refunds.id })
      .from(refunds)
      .leftJoin(jobs, and(eq(jobs.kind, "finish-refund"), eq(jobs.subjectId, refunds.id)))
      .where(and(eq(refunds.status, "pending"), isNull(jobs.id)));
    expect(refundsWithoutJob).toEqual([]);
  });

  it("retries a failing job with a growing delay, parks it after its limit, and runs it again when the admin asks", async () => {
    const subjectId = `subject-${crypto.randomUUID()}`;
    await enqueueJob(db(), { kind: "expire-order", subjectId });
    let fail = true;
    const told: string[] = [];
    const handlers: Partial<JobHandlers> = {
      "expire-order": {
        maxAttempts: 2,
        run: async (job) => {
          if (job.subjectId !== subjectId) return undefined;
          if (fail) throw new Error("the far end is down");
          return undefined;
        },
        onParked: async (_tx, job) => {
          told.push(job.subjectId);
        },
      },
    };
    const start = dueNow();
    expect(await runDueJobs(db(), handlers, logger, start)).toMatchObject({ retried: 1 });
    const first = await jobOf("expire-order", subjectId);
    expect(first).toMatchObject({
      status: "queued",
      attempts: 1,
      lastError: "the far end is down",
    });
    expect(first?.runAt.getTime()).toBe(start.getTime() + retryDelayMs(1));
    // Not before its time.
    expect(await runDueJobs(db(), handlers, logger, start)).toMatchObject({
      retried: 0,
      parked: 0,
    });
    const second = new Date(start.getTime() + retryDelayMs(1) + 1);
    expect(await runDueJobs(db(), handlers, logger, second)).toMatchObject({ parked: 1 });
    expect(told).toEqual([subjectId]);
    expect(await jobOf("expire-order", subjectId)).toMatchObject({ status: "parked", attempts: 2 });
    // Parked: never tried again by itself.
    const muchLater = new Date(start.getTime() + 24 * 60 * 60_000);
    expect(await runDueJobs(db(), handlers, logger, muchLater)).toMatchObject({ parked: 0 });

    const parked = (await listParkedJobs(db(), parkedJobDescribers)).find(
      (job) => job.subjectId === subjectId,
    );
    expect(parked).toMatchObject({
      kind: "expire-order",
      summary: `Cancel the unpaid order ${subjectId}`,
      attempts: 2,
      lastError: "the far end is down",
    });
    fail = false;
    await retryParkedJob(db(), adminActor("admin-1"), parked?.id ?? "");
    await expect(retryParkedJob(db(), adminActor("admin-1"), parked?.id ?? "")).rejects.toThrow(
      /not waiting/,
    );
    expect(await runDueJobs(db(), handlers, logger, dueNow())).toMatchObject({ done: 1 });
    expect(await jobOf("expire-order", subjectId)).toMatchObject({ status: "done", attempts: 0 });
  });

  it("runs a job once when two runners claim at the same time, and keeps a crashed runner's job until its lease ends", async () => {
    const subjectId = `subject-${crypto.randomUUID()}`;
    await enqueueJob(db(), { kind: "finish-refund", subjectId });
    let runs = 0;
    const slow: Partial<JobHandlers> = {
      "finish-refund": {
        maxAttempts: 3,
        run: async (job) => {
          if (job.subjectId !== subjectId) return undefined;
          runs++;
          await new Promise((resolve) => setTimeout(resolve, 50));
          return undefined;
        },
      },
    };
    await Promise.all([
      runDueJobs(db(), slow, logger, dueNow()),
      runDueJobs(db(), slow, logger, dueNow()),
    ]);
    expect(runs).toBe(1);

    const crashedSubject = `subject-${crypto.randomUUID()}`;
    await enqueueJob(db(), { kind: "finish-refund", subjectId: crashedSubject });
    const crashed: Partial<JobHandlers> = {
      "finish-refund": { maxAttempts: 3, run: () => new Promise(() => {}) },
    };
    void runDueJobs(db(), crashed, logger, dueNow());
    await expect
      .poll(async () => (await jobOf("finish-refund", crashedSubject))?.leasedUntil)
      .toBeTruthy();
    let ran = 0;
    const counting: Partial<JobHandlers> = {
      "finish-refund": {
        maxAttempts: 3,
        run: async (job) => {
          if (job.subjectId === crashedSubject) ran++;
          return undefined;
        },
      },
    };
    await runDueJobs(db(), counting, logger, dueNow());
    expect(ran).toBe(0);
    // The embedded database's next start releases it at once.
    expect(await releaseJobLeases(db())).toBeGreaterThanOrEqual(1);
    await runDueJobs(db(), counting, logger, dueNow());
    expect(ran).toBe(1);
  });

  // A kind's own lease decides when a crashed runner's job runs again.
  it("runs a crashed runner's job again once its kind's own lease ends: a campaign's is a minute", async () => {
    const subjectId = `campaign-${crypto.randomUUID()}`;
    const { leaseMs } = sendCampaignJob(db());
    expect(leaseMs).toBe(60_000);
    await enqueueJob(db(), { kind: "send-campaign", subjectId });
    const claimedAt = dueNow();
    const crashed: Partial<JobHandlers> = {
      "send-campaign": { maxAttempts: 3, leaseMs, run: () => new Promise(() => {}) },
    };
    void runDueJobs(db(), crashed, logger, claimedAt);
    await expect
      .poll(async () => (await jobOf("send-campaign", subjectId))?.leasedUntil?.getTime())
      .toBe(claimedAt.getTime() + 60_000);
    let ran = 0;
    const counting: Partial<JobHandlers> = {
      "send-campaign": {
        maxAttempts: 3,
        leaseMs,
        run: async (job) => {
          if (job.subjectId === subjectId) ran++;
          return undefined;
        },
      },
    };
    await runDueJobs(db(), counting, logger, new Date(claimedAt.getTime() + 59_000));
    expect(ran).toBe(0);
    await runDueJobs(db(), counting, logger, new Date(claimedAt.getTime() + 61_000));
    expect(ran).toBe(1);
  });
});
