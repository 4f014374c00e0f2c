import { providerActor, systemActor } from "@server/audit/audit-log";
import { startCheckout } from "@server/checkout/checkout-service";
import { DomainError } from "@server/errors";
import {
  applyRefund,
  cancelOrder,
  flagRefundDue,
  markDelivered,
  markFulfilled,
  markPaid,
  recordPaymentFailure,
  settleRefund,
} from "@server/orders/order-state";
import {
  allows,
  ORDER_TRANSITIONS,
  statusAfter,
  type TransitionName,
} from "@server/orders/order-transitions";
import { type OrderStatus, orderStatuses, orders } from "@server/orders/schema";
import { createTestProvider } from "@server/payments/test-provider";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  checkoutCart,
  createCustomer,
  createProduct,
  orderRow,
  testBrand,
  testCheckoutSettings,
} from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// The table of transitions (server/orders/order-transitions.ts) is the order's rules, and
// order-state.ts obeys it: every transition is tried from every status, and it happens exactly
// where the table allows it, leaving the status the table says; elsewhere it is refused with a
// 409 and changes nothing.

/** The shop's rules, written out: changing the table means changing this too. */
const RULES: Record<TransitionName, { from: OrderStatus[]; to?: OrderStatus }> = {
  pay: { from: ["pending"], to: "paid" },
  "note-payment-failure": { from: ["pending"] },
  cancel: { from: ["pending"], to: "cancelled" },
  "flag-refund-due": { from: ["pending", "cancelled", "paid", "fulfilled", "delivered"] },
  "settle-refund": { from: ["pending", "cancelled"] },
  fulfil: { from: ["paid"], to: "fulfilled" },
  deliver: { from: ["fulfilled"], to: "delivered" },
  "refund-in-part": { from: ["paid", "fulfilled", "delivered"] },
  "refund-in-full": { from: ["paid", "fulfilled", "delivered"], to: "refunded" },
  "cancel-paid": { from: ["paid"], to: "cancelled" },
};

const settings = testCheckoutSettings;
const actor = systemActor("transition-walk");

describe("the table of order transitions", () => {
  it("is the shop's rules", () => {
    for (const [name, rule] of Object.entries(RULES) as [
      TransitionName,
      (typeof RULES)[TransitionName],
    ][]) {
      expect([...ORDER_TRANSITIONS[name].from].sort(), name).toEqual([...rule.from].sort());
      expect(statusAfter(name), name).toBe(rule.to);
    }
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual(Object.keys(RULES).sort());
  });
});

describe.each(testDrivers)("every transition from every status on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();
  const provider = createTestProvider("integration-test-secret-of-32-characters!");

  /** An order of £20 in `status`, put there directly: the walk tests the guard, not the path. */
  async function orderIn(status: OrderStatus): Promise<string> {
    const userId = await createCustomer(db());
    const product = await createProduct(db(), {
      variants: [{ pricePence: 2000, stockQuantity: 5 }],
    });
    const { orderId } = await startCheckout(
      db(),
      provider,
      {
        userId,
        request: checkoutCart([{ variantId: `${product.id}-v1`, quantity: 1 }]),
      },
      settings,
    );
    await db().update(orders).set({ status }).where(eq(orders.id, orderId));
    return orderId;
  }

  const attempts: Record<
    Exclude<TransitionName, "refund-in-part" | "refund-in-full" | "cancel-paid">,
    (orderId: string) => Promise<unknown>
  > = {
    pay: (id) =>
      db().transaction((tx) => markPaid(tx, id, providerActor("test"), { brand: testBrand })),
    "note-payment-failure": (id) =>
      db().transaction((tx) => recordPaymentFailure(tx, id, actor, "Your card was declined.")),
    cancel: (id) => db().transaction((tx) => cancelOrder(tx, id, actor, "walked")),
    "flag-refund-due": (id) => db().transaction((tx) => flagRefundDue(tx, id, actor, "walked")),
    "settle-refund": (id) => db().transaction((tx) => settleRefund(tx, id, actor, "walked")),
    fulfil: (id) => db().transaction((tx) => markFulfilled(tx, id, actor)),
    deliver: (id) => db().transaction((tx) => markDelivered(tx, id, actor)),
  };

  for (const [name, attempt] of Object.entries(attempts) as [
    keyof typeof attempts,
    (orderId: string) => Promise<unknown>,
  ][]) {
    it(`${name}: happens exactly where the table allows it`, async () => {
      for (const status of orderStatuses) {
        const orderId = await orderIn(status);
        if (allows(name, status)) {
          await attempt(orderId);
          expect((await orderRow(db(), orderId)).status, `${name} from ${status}`).toBe(
            statusAfter(name) ?? status,
          );
        } else {
          const refusal = await attempt(orderId).then(
            () => null,
            (error: unknown) => error,
          );
          expect(refusal, `${name} from ${status}`).toBeInstanceOf(DomainError);
          expect((refusal as DomainError).code).toBe("CONFLICT");
          expect((await orderRow(db(), orderId)).status).toBe(status);
        }
      }
    });
  }

  it("refunds: money back is always recorded, and moves the status only where the table allows", async () => {
    for (const status of orderStatuses) {
      for (const [amount, cancel] of [
        ["part", false],
        ["whole", false],
        ["whole", true],
      ] as const) {
        const orderId = await orderIn(status);
        const total = (await orderRow(db(), orderId)).totalPence ?? 0;
        const { order, attention } = await db().transaction((tx) =>
          applyRefund(
            tx,
            orderId,
            actor,
            { amountPence: amount === "part" ? 100 : total, restock: [], cancel, reason: null },
            { brand: testBrand },
          ),
        );
        const expected =
          amount === "whole" && cancel && allows("cancel-paid", status)
            ? statusAfter("cancel-paid")
            : amount === "whole" && allows("refund-in-full", status)
              ? statusAfter("refund-in-full")
              : status;
        const label = `${amount}${cancel ? ", cancelling" : ""} from ${status}`;
        expect(order.status, label).toBe(expected);
        expect(order.refundedPence, label).toBe(amount === "part" ? 100 : total);
        const recordedAsAsked =
          allows("refund-in-part", status) && (!cancel || allows("cancel-paid", status));
        expect(attention === null, label).toBe(recordedAsAsked);
      }
    }
  });
});
