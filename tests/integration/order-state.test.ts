import { adminActor, providerActor, systemActor } from "@server/audit/audit-log";
import { auditLog } from "@server/audit/schema";
import { ensureAccount } from "@server/auth/accounts";
import { deleteAccount } from "@server/auth/delete-account";
import { startCheckout } from "@server/checkout/checkout-service";
import { recordRefund } from "@server/checkout/payment-service";
import { confirmTestPayment } from "@server/checkout/test-confirm";
import { DomainError } from "@server/errors";
import {
  applyRefund,
  cancelOrder,
  flagRefundDue,
  markDelivered,
  markFulfilled,
  markPaid,
} from "@server/orders/order-state";
import { orders } from "@server/orders/schema";
import { createTestProvider } from "@server/payments/test-provider";
import { stockMovements } from "@server/stock/schema";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  checkoutCart,
  createCustomer,
  createProduct,
  createTestAuth,
  intentSecret,
  orderRow as orderById,
  payOrder,
  stockOf as stockOfVariant,
  testBrand,
  testCheckoutDetails,
  testCheckoutSettings,
} from "../factories";
import { expireDueOrders } from "../job-handlers";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// One owner for order state (server/orders/order-state.ts) and for stock
// (server/stock/stock-service.ts): every flow that exists today (checkout, payment, decline,
// expiry, refund, account deletion) goes through a guarded transition that writes an audit row,
// and every stock change is a movement. Illegal transitions are refused and change nothing.

const settings = testCheckoutSettings;
const secret = "integration-test-secret-of-32-characters!";

describe.each(testDrivers)("order state, audit log and stock movements on %s", (driver) => {
  const database = useTestDatabase(driver, { maxConnections: 10 });
  const db = () => database.db();
  const provider = createTestProvider(secret);
  const checkout = (userId: string, items: Array<{ variantId: string; quantity: number }>) =>
    startCheckout(db(), provider, { userId, request: checkoutCart(items) }, settings);
  const orderRow = (id: string) => orderById(db(), id);
  const pay = (orderId: string) => payOrder(db(), orderId);
  const stockOf = (variantId: string) => stockOfVariant(db(), variantId);

  const auditOf = (orderId: string) =>
    db()
      .select({
        actorType: auditLog.actorType,
        actorId: auditLog.actorId,
        action: auditLog.action,
        before: auditLog.before,
        after: auditLog.after,
        reason: auditLog.reason,
      })
      .from(auditLog)
      .where(eq(auditLog.entityId, orderId))
      .orderBy(asc(auditLog.createdAt));

  const movementsOf = (variantId: string) =>
    db()
      .select({
        kind: stockMovements.kind,
        quantityChange: stockMovements.quantityChange,
        stockAfter: stockMovements.stockAfter,
        orderId: stockMovements.orderId,
        actorType: stockMovements.actorType,
        actorId: stockMovements.actorId,
        reason: stockMovements.reason,
      })
      .from(stockMovements)
      .where(eq(stockMovements.variantId, variantId))
      .orderBy(asc(stockMovements.createdAt));

  async function expectRefused(change: () => Promise<unknown>, message: RegExp) {
    const error = await change().then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe("CONFLICT");
    expect((error as DomainError).message).toMatch(message);
  }

  it("checkout, payment, fulfilment, delivery and refund: each transition audited with its actor", async () => {
    await createProduct(db(), { name: "Pen", variants: [{ id: "pen", stockQuantity: 8 }] });
    const ada = await createCustomer(db());
    const { orderId } = await checkout(ada, [{ variantId: "pen", quantity: 3 }]);
    await pay(orderId);
    const admin = await createCustomer(db(), "admin@example.com");
    await db().transaction((tx) =>
      markFulfilled(tx, orderId, adminActor(admin), {
        carrier: "Royal Mail",
        trackingNumber: "RM123456785GB",
      }),
    );
    await db().transaction((tx) => markDelivered(tx, orderId, adminActor(admin)));
    await recordRefund(
      db(),
      {
        provider: "test",
        eventId: `refund-${orderId}`,
        type: "charge.refunded",
        intentId: (await orderRow(orderId)).providerIntentId ?? "",
        amountRefundedPence: (await orderRow(orderId)).totalPence,
      },
      testBrand,
    );

    const order = await orderRow(orderId);
    expect(order).toMatchObject({
      status: "refunded",
      carrier: "Royal Mail",
      trackingNumber: "RM123456785GB",
      refundDue: false,
    });
    expect(order.paidAt).not.toBeNull();
    expect(order.fulfilledAt).not.toBeNull();
    expect(order.deliveredAt).not.toBeNull();
    expect(order.refundedAt).not.toBeNull();

    const audit = await auditOf(orderId);
    expect(audit.map((row) => [row.action, row.actorType, row.actorId])).toEqual([
      ["order.created", "customer", ada],
      ["order.paid", "provider", "test"],
      ["order.fulfilled", "admin", admin],
      ["order.delivered", "admin", admin],
      ["order.refunded", "provider", "test"],
    ]);
    expect(audit[1]).toMatchObject({
      before: { status: "pending", paymentError: null },
      after: { status: "paid", paymentError: null },
    });
    expect(audit[2]?.after).toMatchObject({
      status: "fulfilled",
      carrier: "Royal Mail",
      trackingNumber: "RM123456785GB",
    });

    // The sale stays a sale: a refund gives money back, not stock (a returned parcel is restocked
    // by hand, when it arrives).
    expect(await movementsOf("pen")).toEqual([
      expect.objectContaining({ kind: "restock", quantityChange: 8, stockAfter: 8 }),
      {
        kind: "sale",
        quantityChange: -3,
        stockAfter: 5,
        orderId,
        actorType: "customer",
        actorId: ada,
        reason: null,
      },
    ]);
    expect(await stockOf("pen")).toBe(5);
  });

  it("refuses illegal transitions with a clear error, and changes nothing", async () => {
    await createProduct(db(), { variants: [{ id: "kit", stockQuantity: 5 }] });
    const ada = await createCustomer(db());
    const admin = adminActor(await createCustomer(db(), "admin@example.com"));
    const { orderId } = await checkout(ada, [{ variantId: "kit", quantity: 2 }]);

    await expectRefused(
      () => db().transaction((tx) => markFulfilled(tx, orderId, admin)),
      /This order is pending: it cannot be fulfilled\./,
    );
    await expectRefused(
      () => db().transaction((tx) => markDelivered(tx, orderId, admin)),
      /pending: it cannot be delivered/,
    );

    await pay(orderId);
    await expectRefused(
      () => db().transaction((tx) => cancelOrder(tx, orderId, admin, "Changed my mind")),
      /This order is paid: it cannot be cancelled\./,
    );
    await expectRefused(
      () =>
        db().transaction((tx) =>
          markPaid(tx, orderId, providerActor("test"), { brand: testBrand }),
        ),
      /paid: it cannot be paid/,
    );
    await expectRefused(
      () => db().transaction((tx) => markDelivered(tx, orderId, admin)),
      /paid: it cannot be delivered/,
    );

    const unknown = await db()
      .transaction((tx) => markFulfilled(tx, "no-such-order", admin))
      .catch((error: unknown) => error);
    expect(unknown).toMatchObject({ code: "NOT_FOUND", message: "Order not found." });

    // Nothing of the refused attempts was written: the order is paid, its stock taken once, and
    // the audit log holds the creation and the payment only.
    expect(await orderRow(orderId)).toMatchObject({ status: "paid", fulfilledAt: null });
    expect(await stockOf("kit")).toBe(3);
    expect((await auditOf(orderId)).map((row) => row.action)).toEqual([
      "order.created",
      "order.paid",
    ]);

    // A refunded order is final.
    const { totalPence } = await orderById(db(), orderId);
    await db().transaction((tx) =>
      applyRefund(
        tx,
        orderId,
        admin,
        {
          amountPence: totalPence,
          restock: [],
          cancel: false,
          reason: null,
        },
        { brand: testBrand },
      ),
    );
    await expectRefused(
      () => db().transaction((tx) => flagRefundDue(tx, orderId, admin, "again")),
      /refunded: it cannot be flagged for a refund/,
    );
  });

  it("a replaced checkout and an expired one release their stock, as movements, by their actors", async () => {
    await createProduct(db(), { variants: [{ id: "paste", stockQuantity: 10 }] });
    const ada = await createCustomer(db());
    const first = await checkout(ada, [{ variantId: "paste", quantity: 2 }]);
    const second = await checkout(ada, [{ variantId: "paste", quantity: 4 }]);
    expect(await stockOf("paste")).toBe(6);
    expect(await expireDueOrders(db(), new Date(Date.now() + 31 * 60_000))).toBe(1);
    expect(await stockOf("paste")).toBe(10);

    expect(await auditOf(first.orderId)).toEqual([
      expect.objectContaining({ action: "order.created", actorType: "customer" }),
      {
        actorType: "customer",
        actorId: ada,
        action: "order.cancelled",
        before: { status: "pending", cancelledAt: null, paymentError: null },
        after: {
          status: "cancelled",
          cancelledAt: expect.any(String),
          paymentError: "Replaced by a newer checkout.",
        },
        reason: "Replaced by a newer checkout.",
      },
    ]);
    expect((await auditOf(second.orderId)).at(-1)).toMatchObject({
      action: "order.cancelled",
      actorType: "system",
      actorId: "order-expiry",
      reason: "Payment was not completed in time.",
    });
    expect(
      (await movementsOf("paste")).map((row) => [row.kind, row.quantityChange, row.stockAfter]),
    ).toEqual([
      ["restock", 10, 10],
      ["sale", -2, 8],
      ["release", 2, 10],
      ["sale", -4, 6],
      ["release", 4, 10],
    ]);
  });

  it("a decline is noted by the provider; the fifth cancels the order by the decline limit", async () => {
    await createProduct(db(), { variants: [{ id: "kit", stockQuantity: 5 }] });
    const ada = await createCustomer(db());
    const { orderId, clientSecret } = await checkout(ada, [{ variantId: "kit", quantity: 1 }]);
    const declined = { number: "4000000000000002", expiry: "12/34", cvc: "123" };
    for (let attempt = 1; attempt <= 5; attempt++) {
      await expect(
        confirmTestPayment(
          db(),
          provider,
          { userId: ada, clientSecret: intentSecret(clientSecret), card: declined },
          testBrand,
          {
            attemptsPerMinute: 1000,
          },
        ),
      ).rejects.toMatchObject({ code: "PAYMENT_FAILED" });
    }
    const audit = await auditOf(orderId);
    expect(audit.map((row) => [row.action, row.actorType, row.actorId])).toEqual([
      ["order.created", "customer", ada],
      ...Array.from({ length: 5 }, () => ["order.payment_failed", "provider", "test"]),
      ["order.cancelled", "system", "decline-limit"],
    ]);
    expect(audit[1]?.after).toEqual({ paymentError: "Your card was declined." });
    expect(await stockOf("kit")).toBe(5);
  });

  it("money for a cancelled order flags it, and the refund task settles it, both audited", async () => {
    await createProduct(db(), { variants: [{ id: "kit", stockQuantity: 5 }] });
    const ada = await createCustomer(db());
    const { orderId } = await checkout(ada, [{ variantId: "kit", quantity: 1 }]);
    await db().transaction((tx) => cancelOrder(tx, orderId, systemActor("order-expiry"), "Late"));
    expect((await pay(orderId)).outcome).toBe("flagged");
    expect(await orderRow(orderId)).toMatchObject({ status: "cancelled", refundDue: true });
    expect((await auditOf(orderId)).at(-1)).toMatchObject({
      action: "order.refund_due",
      actorType: "provider",
      before: { refundDue: false },
      after: { refundDue: true },
    });
  });

  it("deleting an account cancels its open order (stock back) and anonymises every order", async () => {
    await createProduct(db(), { variants: [{ id: "kit", stockQuantity: 5 }] });
    const auth = createTestAuth(db());
    const { userId } = await ensureAccount(auth, db(), {
      email: "leaving@example.com",
      password: "password-123",
      fullName: "Leaving Customer",
      role: "customer",
    });
    const paid = await checkout(userId, [{ variantId: "kit", quantity: 1 }]);
    await pay(paid.orderId);
    const open = await checkout(userId, [{ variantId: "kit", quantity: 2 }]);
    expect(await stockOf("kit")).toBe(2);
    // A paid order still to be sent keeps the account (customer-orders.test.ts): this one left.
    await db().update(orders).set({ status: "fulfilled" }).where(eq(orders.id, paid.orderId));

    await deleteAccount(auth, db(), userId, "password-123");

    expect(await stockOf("kit")).toBe(4);
    const rows = await db().select().from(orders).orderBy(asc(orders.createdAt));
    expect(rows.map((row) => [row.id, row.status, row.userId, row.customerEmail])).toEqual([
      [paid.orderId, "fulfilled", null, "deleted@invalid"],
      [open.orderId, "cancelled", null, "deleted@invalid"],
    ]);
    expect((await auditOf(open.orderId)).slice(-2)).toEqual([
      expect.objectContaining({
        action: "order.cancelled",
        actorType: "customer",
        actorId: userId,
        reason: "The customer deleted their account.",
      }),
      expect.objectContaining({ action: "order.anonymised", actorType: "customer" }),
    ]);
    const anonymised = (await auditOf(paid.orderId)).at(-1);
    expect(anonymised).toMatchObject({
      action: "order.anonymised",
      after: { userId: null, personalDetails: "removed" },
    });
    // The audit row says the details went, never what they were.
    // (Whole values: a fragment such as the phone's "7700" can turn up inside a random UUID.)
    const written = JSON.stringify(anonymised);
    for (const personal of [
      testCheckoutDetails.shippingAddress,
      testCheckoutDetails.phone,
      testCheckoutDetails.fullName,
      "leaving@example.com",
    ]) {
      expect(written).not.toContain(personal);
    }
  });
});
