import { getAdminOrder } from "@server/admin/admin-order-detail";
import { fulfilOrder } from "@server/admin/order-actions";
import { recordRefund } from "@server/checkout/payment-service";
import { DomainError } from "@server/errors";
import { logger } from "@server/logger";
import { refundOrder } from "@server/orders/order-refunds";
import { listRefundsToCheck, resolveRefund } from "@server/orders/refund-checks";
import { refunds } from "@server/payments/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderRow, paidOrderOfTwo, testBrand } from "../factories";
import { finishUnansweredRefunds, queueRefundFollowUp } from "../job-handlers";
import { createRefundLedgerProvider } from "../refund-ledger-provider";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// a refund the provider made is always recorded against the order, and one that
// cannot be reconciled is shown to the admin with its reason, never silently. A lost answer keeps
// the refund under way (the order held still) until the background round asks again with the same
// key; a refund never confirmed within the provider's memory of keys, or recorded against an order
// that could not take it as asked, is listed for the admin, who records what happened.

const UNDER_WAY_FULFIL =
  "A refund of this order is under way: it cannot be fulfilled until the payment provider has answered.";
const UNDER_WAY_REFUND =
  "A refund of this order is under way: wait for the payment provider's answer before another.";

const refusal = (message: string) => expect.objectContaining({ constructor: DomainError, message });

const minutesFrom = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);

describe.each(testDrivers)("refunds reconciled with the provider on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();
  const charged = new Map<string, number>();
  const provider = createRefundLedgerProvider((intentId) => charged.get(intentId) ?? 0);

  /** A paid order of 2 × £20.00 (10% off, £3.99 shipping: £39.99), and an admin. */
  async function paidOrder() {
    provider.behave("refund");
    const order = await paidOrderOfTwo(db(), provider);
    charged.set(order.intentId, order.totalPence);
    return order;
  }

  const refundRows = (orderId: string) =>
    db().select().from(refunds).where(eq(refunds.orderId, orderId));
  const ship = (order: { orderId: string; adminId: string }) =>
    fulfilOrder(db(), order.adminId, order.orderId, { carrier: null, trackingNumber: null });
  const refund = (order: { orderId: string; adminId: string }, amountPence: number) =>
    refundOrder(db(), () => provider, logger, {
      orderId: order.orderId,
      adminId: order.adminId,
      amountPence,
      restock: [],
      reason: null,
    });

  it("keeps a refund whose answer was lost under way, holds the order, and finishes it once", async () => {
    const order = await paidOrder();
    provider.behave("refund-then-time-out");
    await expect(refund(order, 1000)).rejects.toEqual(
      refusal(
        "The payment provider did not answer. The refund stays under way and the shop asks again in a few minutes; the order cannot be fulfilled until it is answered.",
      ),
    );
    // The provider made it; the shop does not know yet, and holds the order still.
    expect(provider.refundedFor(order.intentId)).toBe(1000);
    expect(await orderRow(db(), order.orderId)).toMatchObject({
      status: "paid",
      refundedPence: 0,
    });
    expect((await refundRows(order.orderId)).map((row) => row.status)).toEqual(["pending"]);
    await expect(ship(order)).rejects.toEqual(refusal(UNDER_WAY_FULFIL));
    await expect(refund(order, 500)).rejects.toEqual(refusal(UNDER_WAY_REFUND));

    // Minutes on, the overview lists it as waiting for the provider.
    const later = minutesFrom(new Date(), 6);
    expect(await listRefundsToCheck(db(), later)).toEqual([
      expect.objectContaining({
        orderId: order.orderId,
        amountPence: 1000,
        status: "pending",
        attention: null,
      }),
    ]);
    // The round asks again with the same key: the provider gives back nothing twice.
    provider.behave("refund");
    expect(await finishUnansweredRefunds(db(), () => provider, later)).toEqual({
      settled: 1,
      failed: 0,
      waiting: 0,
    });
    expect(provider.made.filter(([intent]) => intent === order.intentId)).toHaveLength(1);
    expect(await orderRow(db(), order.orderId)).toMatchObject({
      status: "paid",
      refundedPence: 1000,
    });
    expect(await listRefundsToCheck(db(), later)).toEqual([]);
    await ship(order);
    expect((await orderRow(db(), order.orderId)).status).toBe("fulfilled");
  });

  it("fails a refund the provider refused, says why, and holds nothing back", async () => {
    const order = await paidOrder();
    provider.behave("refuse");
    await expect(refund(order, 1000)).rejects.toEqual(
      refusal("The refund failed: Your card was declined."),
    );
    expect(await refundRows(order.orderId)).toEqual([
      expect.objectContaining({ status: "failed", error: "Your card was declined." }),
    ]);
    expect(provider.refundedFor(order.intentId)).toBe(0);
    await ship(order);
    expect((await orderRow(db(), order.orderId)).status).toBe("fulfilled");
  });

  it("flags a refund never confirmed in 23 hours for the admin, who records what happened", async () => {
    const now = new Date();
    const order = await paidOrder();
    const pendingRow = async (amountPence: number, hoursAgo: number) => {
      const at = minutesFrom(now, -hoursAgo * 60);
      const [row] = await db()
        .insert(refunds)
        .values({
          orderId: order.orderId,
          amountPence,
          provider: "test",
          adminId: order.adminId,
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      if (!row) throw new Error("no refund row");
      await queueRefundFollowUp(db(), row);
      return row;
    };
    const made = await pendingRow(1000, 24);
    const notMade = await pendingRow(500, 30);
    const calls = provider.made.length;
    expect(await finishUnansweredRefunds(db(), () => provider, now)).toEqual({
      settled: 0,
      failed: 0,
      waiting: 0,
    });
    // Not asked again: past the provider's memory of its key, it could be made twice.
    expect(provider.made).toHaveLength(calls);
    const listed = await listRefundsToCheck(db(), now);
    expect(listed.map((row) => [row.id, row.status, row.attention])).toEqual([
      [notMade.id, "pending", expect.stringMatching(/^The payment provider has not confirmed/)],
      [made.id, "pending", expect.stringMatching(/^The payment provider has not confirmed/)],
    ]);
    // The admin's order page shows why too.
    const detail = await getAdminOrder(db(), order.orderId);
    expect(detail?.refunds.every((row) => row.attention !== null)).toBe(true);

    await resolveRefund(db(), {
      orderId: order.orderId,
      refundId: made.id,
      adminId: order.adminId,
      outcome: "made",
    });
    await resolveRefund(db(), {
      orderId: order.orderId,
      refundId: notMade.id,
      adminId: order.adminId,
      outcome: "not-made",
    });
    expect(await orderRow(db(), order.orderId)).toMatchObject({
      status: "paid",
      refundedPence: 1000,
    });
    const rows = await refundRows(order.orderId);
    expect(rows.find((row) => row.id === made.id)).toMatchObject({
      status: "succeeded",
      attention: null,
    });
    expect(rows.find((row) => row.id === notMade.id)).toMatchObject({
      status: "failed",
      attention: null,
      error: "Recorded by the admin as not made by the provider.",
    });
    expect(await listRefundsToCheck(db(), now)).toEqual([]);
    await expect(
      resolveRefund(db(), {
        orderId: order.orderId,
        refundId: made.id,
        adminId: order.adminId,
        outcome: "not-made",
      }),
    ).rejects.toEqual(refusal("This refund does not need that any more."));
    const history = (await getAdminOrder(db(), order.orderId))?.history.map((entry) => [
      entry.action,
      entry.reason,
    ]);
    expect(history?.slice(-2)).toEqual([
      ["order.refunded_in_part", "Recorded by the admin as made by the provider."],
      ["order.refund_not_made", expect.stringMatching(/^The payment provider has not confirmed/)],
    ]);
  });

  it("records a refund the order could not take as asked, and flags the difference", async () => {
    // A cancellation's refund left pending by an older version of the shop, whose order was then
    // sent: the money went back, so it is recorded; the order was not cancelled, and the admin
    // is told.
    const order = await paidOrder();
    await ship(order);
    const at = minutesFrom(new Date(), -10);
    const [row] = await db()
      .insert(refunds)
      .values({
        orderId: order.orderId,
        amountPence: order.totalPence,
        provider: "test",
        adminId: order.adminId,
        cancelsOrder: true,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    if (row) await queueRefundFollowUp(db(), row);
    await finishUnansweredRefunds(db(), () => provider);
    expect(await orderRow(db(), order.orderId)).toMatchObject({
      status: "refunded",
      refundedPence: order.totalPence,
    });
    const [listed] = await listRefundsToCheck(db());
    expect(listed).toMatchObject({
      orderId: order.orderId,
      status: "succeeded",
      attention: "The order was fulfilled by then, so it was not cancelled.",
    });
    await resolveRefund(db(), {
      orderId: order.orderId,
      refundId: listed?.id ?? "",
      adminId: order.adminId,
      outcome: "checked",
    });
    expect(await listRefundsToCheck(db())).toEqual([]);
  });

  it("adds nothing for the provider's report of a refund under way; records one made outside", async () => {
    const order = await paidOrder();
    const report = (eventId: string, amountRefundedPence: number) =>
      recordRefund(
        db(),
        {
          provider: "test",
          eventId,
          type: "charge.refunded",
          intentId: order.intentId,
          amountRefundedPence,
        },
        testBrand,
      );
    // The provider's webhook for the shop's own refund arrives before the shop records it.
    let early: unknown;
    provider.meanwhile = async () => {
      early = await report("evt-own", 1000);
    };
    try {
      await refund(order, 1000);
    } finally {
      provider.meanwhile = null;
    }
    expect(early).toMatchObject({ outcome: "ignored", reason: "refund already recorded" });
    expect((await orderRow(db(), order.orderId)).refundedPence).toBe(1000);
    // £5.00 more given back in the provider's dashboard: recorded, once.
    expect(await report("evt-outside", 1500)).toMatchObject({ outcome: "applied" });
    expect(await report("evt-outside-again", 1500)).toMatchObject({ outcome: "ignored" });
    expect(await orderRow(db(), order.orderId)).toMatchObject({
      status: "paid",
      refundedPence: 1500,
    });
    // The rest outside too: the order is refunded.
    await report("evt-rest", order.totalPence);
    expect(await orderRow(db(), order.orderId)).toMatchObject({
      status: "refunded",
      refundedPence: order.totalPence,
    });
    const history = (await getAdminOrder(db(), order.orderId))?.history.map((entry) => [
      entry.action,
      entry.actorType,
    ]);
    expect(history?.slice(-3)).toEqual([
      ["order.refunded_in_part", "admin"],
      ["order.refunded_in_part", "provider"],
      ["order.refunded", "provider"],
    ]);
  });
});
