import { fulfilOrder } from "@server/admin/order-actions";
import type { DatabaseHandle } from "@server/db/client";
import type { Database } from "@server/db/database";
import { DomainError } from "@server/errors";
import { logger } from "@server/logger";
import { cancelOrderAsAdmin, refundOrder } from "@server/orders/order-refunds";
import { refunds } from "@server/payments/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderRow, paidOrderOfTwo } from "../factories";
import { createRefundLedgerProvider } from "../refund-ledger-provider";
import { connectAgain, everyDriver, useTestDatabase } from "../setup/test-database";

// a cancellation or a full refund raced against fulfilment, as two admins (or
// one double-click) send them at the same moment. On PostgreSQL the two run on two connection
// pools, as two instances of the shop would. Whichever wins, the order ends consistent with the
// money: what the provider gave back is what the order says was refunded, no refund is left
// pending, and no order is both sent and refunded by the race.

const ROUNDS = 20;

describe.each(everyDriver)("refunds raced against fulfilment on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();
  // The second instance: its own pool on PostgreSQL; PGlite is one connection in one process.
  let other: DatabaseHandle | undefined;
  beforeAll(async () => {
    other = driver === "postgres" ? await connectAgain(database.handle()) : undefined;
  });
  afterAll(async () => {
    await other?.close();
  });
  const secondDb = (): Database => other?.db ?? db();

  const charged = new Map<string, number>();
  const provider = createRefundLedgerProvider((intentId) => charged.get(intentId) ?? 0);

  async function paidOrder() {
    const order = await paidOrderOfTwo(db(), provider);
    charged.set(order.intentId, order.totalPence);
    return order;
  }

  /** The order's records against the provider's: the invariants every round must keep. */
  async function expectConsistent(orderId: string, intentId: string | null, context: string) {
    const order = await orderRow(db(), orderId);
    const rows = await db().select().from(refunds).where(eq(refunds.orderId, orderId));
    const succeeded = rows
      .filter((row) => row.status === "succeeded")
      .reduce((sum, row) => sum + row.amountPence, 0);
    const where = `${context}: ${order.status}, refunds ${JSON.stringify(rows.map((row) => row.status))}`;
    expect(
      rows.filter((row) => row.status === "pending"),
      where,
    ).toEqual([]);
    expect(order.refundedPence, where).toBe(succeeded);
    expect(provider.refundedFor(intentId ?? ""), where).toBe(succeeded);
    expect(order.fulfilledAt !== null && order.refundedPence > 0, where).toBe(false);
    return order;
  }

  function moneyAction(
    kind: "cancel" | "refund",
    order: { orderId: string; adminId: string; totalPence: number },
  ) {
    return kind === "cancel"
      ? cancelOrderAsAdmin(db(), () => provider, logger, {
          orderId: order.orderId,
          adminId: order.adminId,
          reason: "Customer asked",
          expectedStatus: "paid",
          refundPence: order.totalPence,
        })
      : refundOrder(db(), () => provider, logger, {
          orderId: order.orderId,
          adminId: order.adminId,
          amountPence: order.totalPence,
          restock: [],
          reason: "Customer asked",
          expectedStatus: "paid",
        });
  }

  const ship = (order: { orderId: string; adminId: string }) =>
    fulfilOrder(secondDb(), order.adminId, order.orderId, {
      carrier: null,
      trackingNumber: null,
      expectedStatus: "paid",
    });

  it("refuses a fulfil sent while the provider is refunding, and records the refund", async () => {
    for (const kind of ["cancel", "refund"] as const) {
      const order = await paidOrder();
      let shipped: PromiseSettledResult<unknown> | undefined;
      provider.meanwhile = async () => {
        [shipped] = await Promise.allSettled([ship(order)]);
      };
      try {
        await moneyAction(kind, order);
      } finally {
        provider.meanwhile = null;
      }
      expect(shipped).toMatchObject({
        status: "rejected",
        reason: expect.objectContaining({
          constructor: DomainError,
          message:
            "A refund of this order is under way: it cannot be fulfilled until the payment provider has answered.",
        }),
      });
      const ended = await expectConsistent(order.orderId, order.intentId, kind);
      expect(ended.status).toBe(kind === "cancel" ? "cancelled" : "refunded");
    }
  });

  it("refuses a refund or cancel after a fulfil: the order moved on from what the admin saw", async () => {
    for (const kind of ["cancel", "refund"] as const) {
      const order = await paidOrder();
      await ship(order);
      await expect(moneyAction(kind, order)).rejects.toEqual(
        expect.objectContaining({
          constructor: DomainError,
          message:
            "This order is fulfilled now: it changed after this page was opened, so nothing was done. Check it and try again.",
        }),
      );
      expect((await expectConsistent(order.orderId, order.intentId, kind)).status).toBe(
        "fulfilled",
      );
    }
  });

  it(`keeps ${ROUNDS} rounds of cancel or full refund against fulfil consistent`, async () => {
    // The provider answers within 0-40 ms, and each side starts within 0-20 ms: the fulfil lands
    // before, during or after the refund.
    provider.delayMs = 40;
    provider.jitter = true;
    const pause = () => new Promise((resolve) => setTimeout(resolve, Math.random() * 20));
    const outcomes = { refunded: 0, fulfilled: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const order = await paidOrder();
      const settled = await Promise.allSettled([
        pause().then(() => moneyAction(round % 2 === 0 ? "cancel" : "refund", order)),
        pause().then(() => ship(order)),
      ]);
      for (const result of settled) {
        // A refusal is a clear DomainError, never a crash.
        if (result.status === "rejected") expect(result.reason).toBeInstanceOf(DomainError);
      }
      expect(settled.some((result) => result.status === "fulfilled")).toBe(true);
      const ended = await expectConsistent(order.orderId, order.intentId, `round ${round}`);
      expect(["fulfilled", "cancelled", "refunded"]).toContain(ended.status);
      if (ended.status === "fulfilled") outcomes.fulfilled++;
      else outcomes.refunded++;
    }
    provider.delayMs = 0;
    // Logged, not asserted: which side wins is the race's; both outcomes are consistent.
    logger.info(outcomes, "refund races");
  }, 20_000);
});
