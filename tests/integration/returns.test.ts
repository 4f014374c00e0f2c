import { deliverOrder, fulfilOrder } from "@server/admin/order-actions";
import { emailOutbox } from "@server/email/schema";
import { DomainError } from "@server/errors";
import { invoices } from "@server/invoices/schema";
import { logger } from "@server/logger";
import { refundOrder } from "@server/orders/order-refunds";
import { providerNamed } from "@server/payments/payments";
import { refunds } from "@server/payments/schema";
import { createTestProvider } from "@server/payments/test-provider";
import { approveReturn, receiveReturn, rejectReturn } from "@server/returns/return-decisions";
import { requestReturn, returnOffer, returnsOfOrder } from "@server/returns/returns";
import { returns } from "@server/returns/schema";
import { and, asc, eq, ne } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderRow, paidOrderOfTwo, stockOf, testBrand } from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// Returns: asked within the window after delivery, never for more units than were bought nor for
// the same unit twice; approved or rejected by the admin with the customer emailed; received, and
// then refunded through the order's one refund path with the units put back in stock.

const provider = createTestProvider("integration-test-secret-of-32-characters!");
const rules = {
  returnWindowDays: 30,
  returnReasons: ["Changed my mind", "Arrived damaged", "Other"],
};
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(testDrivers)("returns on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();

  /** A delivered order of 2 strips at £20.00 (10% off, £3.99 delivery: £39.99 paid). */
  async function deliveredOrder() {
    const paid = await paidOrderOfTwo(db(), provider);
    await fulfilOrder(db(), paid.adminId, paid.orderId, { carrier: null, trackingNumber: null });
    await deliverOrder(db(), paid.adminId, paid.orderId);
    const order = await orderRow(db(), paid.orderId);
    const [line] = (await returnOffer(db(), order, rules)).lines;
    return { ...paid, order, orderItemId: line?.orderItemId ?? "" };
  }

  const ask = (
    order: { userId: string; orderId: string; orderItemId: string },
    quantity: number,
    now?: Date,
  ) =>
    requestReturn(
      db(),
      testBrand,
      rules,
      {
        userId: order.userId,
        orderId: order.orderId,
        lines: [{ orderItemId: order.orderItemId, quantity }],
        reason: "Changed my mind",
        details: "Too strong for me.",
      },
      now,
    );

  const kindsTo = async (email: string) =>
    (
      await db()
        .select({ kind: emailOutbox.kind, text: emailOutbox.text })
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, email))
        .orderBy(asc(emailOutbox.createdAt))
    ).filter((message) => message.kind.startsWith("return") || message.kind === "order-refunded");

  it("takes a request only after delivery and within the window", async () => {
    const paid = await paidOrderOfTwo(db(), provider);
    const order = await orderRow(db(), paid.orderId);
    const [line] = (await returnOffer(db(), order, rules)).lines;
    const early = { ...paid, orderItemId: line?.orderItemId ?? "" };
    await expect(ask(early, 1)).rejects.toThrow(
      "Items can be returned once the order has been delivered.",
    );

    const delivered = await deliveredOrder();
    const deliveredAt = delivered.order.deliveredAt ?? new Date();
    const late = new Date(deliveredAt.getTime() + 31 * DAY_MS);
    await expect(ask(delivered, 1, late)).rejects.toThrow(
      /^The 30 days to return this order ended on /,
    );
    expect((await returnOffer(db(), delivered.order, rules, late)).open).toBe(false);
    const lastDay = new Date(deliveredAt.getTime() + 30 * DAY_MS - 1000);
    await expect(ask(delivered, 1, lastDay)).resolves.toMatchObject({ number: expect.any(Number) });
  });

  it("never returns more than was bought, nor the same unit twice", async () => {
    const order = await deliveredOrder();
    await expect(ask(order, 3)).rejects.toThrow("You can return at most 2 of");
    const other = { ...order, userId: order.adminId };
    await expect(ask(other, 1)).rejects.toThrow("Order not found.");
    await expect(
      requestReturn(db(), testBrand, rules, {
        userId: order.userId,
        orderId: order.orderId,
        lines: [{ orderItemId: order.orderItemId, quantity: 1 }],
        reason: "Because",
        details: null,
      }),
    ).rejects.toThrow("Choose a reason from the list.");

    // Two requests at once: one is written, the other finds it.
    const both = await Promise.allSettled([ask(order, 1), ask(order, 2)]);
    expect(both.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = both.find((result) => result.status === "rejected");
    expect((refused as PromiseRejectedResult).reason).toBeInstanceOf(DomainError);
    const [first] = await returnsOfOrder(db(), order.orderId);
    expect(first?.status).toBe("requested");

    // Rejected: its units may be asked for again.
    await rejectReturn(db(), {
      adminId: order.adminId,
      orderId: order.orderId,
      returnId: first?.id ?? "",
      message: "Opened strips cannot be returned.",
    });
    await ask(order, 1);
    const [open] = await returnsOfOrder(db(), order.orderId);
    await approveReturn(db(), {
      adminId: order.adminId,
      orderId: order.orderId,
      returnId: open?.id ?? "",
      message: null,
    });
    // Approved holds its unit: one left, and only once this one is done.
    await expect(ask(order, 1)).rejects.toThrow("A return for this order is open already.");
    await receiveReturn(
      db(),
      { adminId: order.adminId, orderId: order.orderId, returnId: open?.id ?? "" },
      { refund: "items", includeDelivery: false, restock: [] },
    );
    await expect(ask(order, 2)).rejects.toThrow("You can return at most 1 of");
    await ask(order, 1);
    await expect(ask(order, 1)).rejects.toThrow("A return for this order is open already.");
  });

  it("refunds a received return for its items through the refund path, restocking them", async () => {
    const order = await deliveredOrder();
    const stockBefore = await stockOf(db(), order.variantId);
    const { returnId, number } = await ask(order, 1);
    const decision = { adminId: order.adminId, orderId: order.orderId, returnId };
    await expect(
      receiveReturn(db(), decision, { refund: "items", includeDelivery: false, restock: [] }),
    ).rejects.toThrow(`Return R-${number} is requested now`);
    await approveReturn(db(), { ...decision, message: "Thanks for letting us know." });
    await expect(
      receiveReturn(db(), decision, {
        refund: "items",
        includeDelivery: false,
        restock: [{ variantId: order.variantId, quantity: 2 }],
      }),
    ).rejects.toThrow("Put back in stock no more than came back in the return.");
    await receiveReturn(db(), decision, {
      refund: "items",
      includeDelivery: false,
      restock: [{ variantId: order.variantId, quantity: 1 }],
    });

    // £20.00 less its share of the £4.00 discount: £18.00, the delivery kept.
    const after = await orderRow(db(), order.orderId);
    expect(after.refundedPence).toBe(1800);
    expect(after.status).toBe("delivered");
    expect(await stockOf(db(), order.variantId)).toBe((stockBefore ?? 0) + 1);
    const [view] = await returnsOfOrder(db(), order.orderId);
    expect(view).toMatchObject({
      status: "received",
      refundPence: 1800,
      includesDelivery: false,
      refund: { status: "succeeded", amountPence: 1800 },
    });
    // Its credit note lists the unit returned and its share of the discount.
    const [note] = await db()
      .select({ lines: invoices.lines, reason: invoices.reason })
      .from(invoices)
      .where(and(eq(invoices.orderId, order.orderId), eq(invoices.kind, "credit_note")));
    expect(note).toEqual({
      lines: [
        { description: expect.any(String), quantity: 1, unitPricePence: 2000 },
        {
          description: "Less the discount on these items: first order",
          quantity: 1,
          unitPricePence: -200,
        },
      ],
      reason: `Return R-${number}`,
    });
    const mail = await kindsTo(after.customerEmail);
    expect(mail.map((message) => message.kind)).toEqual([
      "return-requested",
      "return-approved",
      "order-refunded",
    ]);
    expect(mail[1]?.text).toContain(`with a note saying R-${number}`);
    expect(mail[1]?.text).toContain("Thanks for letting us know.");
  });

  it("never leaves a return received without its refund, whoever else refunds the order at once", async () => {
    for (let round = 0; round < 6; round++) {
      const order = await deliveredOrder();
      const { returnId } = await ask(order, 2);
      const decision = { adminId: order.adminId, orderId: order.orderId, returnId };
      await approveReturn(db(), { ...decision, message: null });
      // One admin receives the parcel while another refunds the whole order from its page.
      const [received] = await Promise.allSettled([
        receiveReturn(db(), decision, { refund: "full", includeDelivery: true, restock: [] }),
        refundOrder(db(), providerNamed, logger, {
          orderId: order.orderId,
          adminId: order.adminId,
          amountPence: 3999,
          restock: [],
          reason: "Asked by phone",
        }),
      ]);
      const [row] = await db().select().from(returns).where(eq(returns.id, returnId));
      const ownRefunds = await db()
        .select()
        .from(refunds)
        .where(and(eq(refunds.returnId, returnId), ne(refunds.status, "failed")));
      if (row?.status === "received") {
        // Received: its refund is made or under way, never missing.
        expect(ownRefunds, `round ${round}`).toHaveLength(1);
      } else {
        // Refused, the other refund first: still approved, to receive once that is settled.
        expect(row?.status, `round ${round}`).toBe("approved");
        expect(received.status, `round ${round}`).toBe("rejected");
        expect(ownRefunds).toHaveLength(0);
      }
      // The money went back once, by one of the two.
      expect((await orderRow(db(), order.orderId)).refundedPence, `round ${round}`).toBe(3999);
    }
  });

  it("refunds all that is left when asked, which refunds the order", async () => {
    const order = await deliveredOrder();
    const { returnId } = await ask(order, 2);
    const decision = { adminId: order.adminId, orderId: order.orderId, returnId };
    await approveReturn(db(), { ...decision, message: null });
    await receiveReturn(db(), decision, { refund: "full", includeDelivery: true, restock: [] });
    const after = await orderRow(db(), order.orderId);
    expect(after).toMatchObject({ refundedPence: 3999, status: "refunded" });
    expect((await returnOffer(db(), after, rules)).open).toBe(false);
  });
});
