import { CODE_MESSAGES } from "@common/discounts/discounts";
import { adminActor } from "@server/audit/audit-log";
import { products, productVariants } from "@server/catalog/schema";
import { startCheckout } from "@server/checkout/checkout-service";
import { confirmTestPayment } from "@server/checkout/test-confirm";
import {
  createDeliveryMethod,
  DELIVERY_UNAVAILABLE,
  type DeliveryMethodInput,
  updateDeliveryMethod,
} from "@server/delivery/delivery-methods";
import {
  type CodeInput,
  createDiscountCode,
  updateDiscountCode,
} from "@server/discounts/code-editor";
import { DomainError } from "@server/errors";
import { logger } from "@server/logger";
import { cancelOrderAsAdmin } from "@server/orders/order-refunds";
import { createTestProvider } from "@server/payments/test-provider";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { CheckoutRequest } from "../../common/checkout/checkout-input";
import {
  checkoutCart,
  createCustomer,
  createProduct,
  intentSecret,
  orderRow,
  payOrder,
  stockOf,
  testBrand,
  testCheckoutSettings,
  testCodeInput,
  versionNow,
} from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// A pending order is never paid at a price the admin has since corrected, for a product since
// archived, or with a code or a delivery method the admin has since changed or switched off: the same submit again is priced afresh, a submit for a total
// the customer did not see is refused, and the test provider's confirmation refuses an order the
// catalogue no longer matches (its stock let go). And an admin cancelling a pending order the
// customer has just paid is told it changed, read under the order's lock.

const provider = createTestProvider("integration-test-secret-of-32-characters!");
const card = { number: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123" };
const PRICES_CHANGED =
  "The prices in your basket have changed. Please check your order total and try again.";

/** A code typed with one digit too many: 90% off everything. */
const mistakenCode: CodeInput = { ...testCodeInput, code: "OOPS", amount: 90 };

const trackedDelivery: DeliveryMethodInput = {
  name: "Tracked",
  pricePence: 450,
  freeOverPence: null,
  minWorkingDays: 1,
  maxWorkingDays: 2,
  cutoffMinutes: 12 * 60,
  active: true,
  position: 5,
};

const refusal = (message: string) => expect.objectContaining({ constructor: DomainError, message });

describe.each(testDrivers)("a pending order against today's catalogue on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();

  /** A customer's pending order of 10 pens the admin priced at 50p by mistake (£8.49 in all). */
  async function mispricedCheckout() {
    const userId = await createCustomer(db());
    await createProduct(db(), {
      id: `pen-product-${userId}`,
      variants: [{ id: `pen-${userId}`, pricePence: 50, stockQuantity: 20 }],
    });
    const request = checkoutCart([{ variantId: `pen-${userId}`, quantity: 10 }]);
    const first = await startCheckout(db(), provider, { userId, request }, testCheckoutSettings);
    expect(first.totalPence).toBe(849);
    return {
      userId,
      request,
      variantId: `pen-${userId}`,
      productId: `pen-product-${userId}`,
      first,
    };
  }

  /** A returning customer's pending order of two £10.00 kits, with a code or a method. */
  async function kitCheckout(code: string | null, deliveryMethodId?: string) {
    const userId = await createCustomer(db());
    await createProduct(db(), {
      id: `kit-product-${userId}`,
      variants: [{ id: `kit-${userId}`, pricePence: 1000, stockQuantity: 20 }],
    });
    const paid = await startCheckout(
      db(),
      provider,
      { userId, request: checkoutCart([{ variantId: `kit-${userId}`, quantity: 1 }]) },
      testCheckoutSettings,
    );
    await payOrder(db(), paid.orderId);
    const request: CheckoutRequest = {
      ...checkoutCart([{ variantId: `kit-${userId}`, quantity: 2 }]),
      ...(code ? { discountCode: code } : {}),
      ...(deliveryMethodId ? { deliveryMethodId } : {}),
    };
    const first = await startCheckout(db(), provider, { userId, request }, testCheckoutSettings);
    return { userId, request, first };
  }

  /** The test card confirmed for a customer's order by its client secret (an old page's form). */
  const payWithCard = (userId: string, clientSecret: string) =>
    confirmTestPayment(db(), provider, { userId, clientSecret, card }, testBrand, {
      attemptsPerMinute: 1000,
    });

  const correctPrice = (variantId: string) =>
    db().update(productVariants).set({ pricePence: 5000 }).where(eq(productVariants.id, variantId));

  it("prices the same submit afresh once the admin corrected a price", async () => {
    const { userId, request, variantId, first } = await mispricedCheckout();
    await correctPrice(variantId);
    const again = await startCheckout(db(), provider, { userId, request }, testCheckoutSettings);
    expect(again.reused).toBe(false);
    expect(again.orderId).not.toBe(first.orderId);
    // 10 × £50.00, 10% off the first order, free shipping over £50.
    expect(again.totalPence).toBe(45_000);
    expect((await orderRow(db(), first.orderId)).status).toBe("cancelled");
    // Its stock went back before the new order took its own.
    expect(await stockOf(db(), variantId)).toBe(10);
  });

  it("refuses a submit for a total the customer was not shown, and makes nothing", async () => {
    const { userId, request, variantId, first } = await mispricedCheckout();
    await correctPrice(variantId);
    await expect(
      startCheckout(
        db(),
        provider,
        { userId, request: { ...request, expectedTotalPence: first.totalPence } },
        testCheckoutSettings,
      ),
    ).rejects.toEqual(refusal(PRICES_CHANGED));
    // Nothing was made; the page they come back to shows £450.00, and that is what they pay.
    expect((await orderRow(db(), first.orderId)).status).toBe("pending");
    const paid = await startCheckout(
      db(),
      provider,
      { userId, request: { ...request, expectedTotalPence: 45_000 } },
      testCheckoutSettings,
    );
    expect(paid.totalPence).toBe(45_000);
  });

  it("takes no money for an order whose price was corrected or product archived since", async () => {
    const { userId, variantId, first } = await mispricedCheckout();
    await correctPrice(variantId);
    // The old page's card form still holds the old order's client secret.
    await expect(payWithCard(userId, intentSecret(first.clientSecret))).rejects.toEqual(
      refusal(PRICES_CHANGED),
    );
    expect(await orderRow(db(), first.orderId)).toMatchObject({
      status: "cancelled",
      paidAt: null,
    });
    expect(await stockOf(db(), variantId)).toBe(20);

    const archived = await mispricedCheckout();
    await db().update(products).set({ active: false }).where(eq(products.id, archived.productId));
    await expect(
      payWithCard(archived.userId, intentSecret(archived.first.clientSecret)),
    ).rejects.toEqual(refusal(PRICES_CHANGED));
    await expect(
      startCheckout(
        db(),
        provider,
        { userId: archived.userId, request: archived.request },
        testCheckoutSettings,
      ),
    ).rejects.toEqual(refusal("One of the products in your cart is no longer available."));
  });

  it("prices an order again against its code as the admin changed it: 90% off corrected to 30%", async () => {
    const admin = adminActor("admin-of-codes");
    const oops = { ...mistakenCode, code: `OOPS${Date.now() % 100_000}` };
    const codeId = await createDiscountCode(db(), admin, oops);
    const { userId, request, first } = await kitCheckout(oops.code);
    // £20.00 with 90% off is £2.00, with £3.99 delivery.
    expect(first.pricing).toMatchObject({ discountPence: 1800, totalPence: 599 });

    await updateDiscountCode(db(), admin, codeId, { ...oops, amount: 30, version: 1 });
    // The old page's card form still holds the old order's client secret: no money is taken.
    await expect(payWithCard(userId, intentSecret(first.clientSecret))).rejects.toEqual(
      refusal(PRICES_CHANGED),
    );
    expect(await orderRow(db(), first.orderId)).toMatchObject({
      status: "cancelled",
      paidAt: null,
    });
    // The total the customer saw is refused, and nothing is made; the new one is what they pay.
    await expect(
      startCheckout(
        db(),
        provider,
        { userId, request: { ...request, expectedTotalPence: first.totalPence } },
        testCheckoutSettings,
      ),
    ).rejects.toEqual(refusal(PRICES_CHANGED));
    const again = await startCheckout(db(), provider, { userId, request }, testCheckoutSettings);
    expect(again.reused).toBe(false);
    expect(again.pricing).toMatchObject({ discountPence: 600, totalPence: 1799 });

    // Paused since: the same submit is refused with the code's reason, its order not reused.
    await updateDiscountCode(db(), admin, codeId, {
      ...{ ...oops, amount: 30, active: false },
      version: await versionNow(db(), "discount_codes", codeId),
    });
    await expect(
      startCheckout(db(), provider, { userId, request }, testCheckoutSettings),
    ).rejects.toEqual(refusal(CODE_MESSAGES.unknown));
    await expect(payWithCard(userId, intentSecret(again.clientSecret))).rejects.toEqual(
      refusal(PRICES_CHANGED),
    );
  });

  it("prices an order again once its delivery method changed, and refuses one switched off", async () => {
    const admin = adminActor("admin-of-delivery");
    const tracked = { ...trackedDelivery, name: `Tracked ${Date.now() % 100_000}` };
    const methodId = await createDeliveryMethod(db(), admin, tracked);
    const { userId, request, first } = await kitCheckout(null, methodId);
    expect(first.pricing.shippingPence).toBe(450);

    await updateDeliveryMethod(db(), admin, methodId, {
      ...{ ...tracked, pricePence: 650 },
      version: await versionNow(db(), "delivery_methods", methodId),
    });
    const repriced = await startCheckout(db(), provider, { userId, request }, testCheckoutSettings);
    expect(repriced.reused).toBe(false);
    expect(repriced.pricing.shippingPence).toBe(650);

    await updateDeliveryMethod(db(), admin, methodId, {
      ...{
        ...tracked,
        pricePence: 650,
        active: false,
      },
      version: await versionNow(db(), "delivery_methods", methodId),
    });
    await expect(payWithCard(userId, intentSecret(repriced.clientSecret))).rejects.toEqual(
      refusal(PRICES_CHANGED),
    );
    await expect(
      startCheckout(db(), provider, { userId, request }, testCheckoutSettings),
    ).rejects.toEqual(refusal(DELIVERY_UNAVAILABLE));
  });

  it("pays an order the catalogue still matches, as before", async () => {
    const { userId, first } = await mispricedCheckout();
    await payWithCard(userId, intentSecret(first.clientSecret));
    expect((await orderRow(db(), first.orderId)).status).toBe("paid");
  });

  it("tells an admin cancelling a pending order that the customer has just paid it", async () => {
    const { userId, first } = await mispricedCheckout();
    const adminId = await createCustomer(db(), `admin-${userId}@example.com`);
    await payOrder(db(), first.orderId);
    await expect(
      cancelOrderAsAdmin(db(), () => provider, logger, {
        orderId: first.orderId,
        adminId,
        reason: null,
        expectedStatus: "pending",
      }),
    ).rejects.toEqual(
      refusal(
        "This order is paid now: it changed after this page was opened, so nothing was done. Check it and try again.",
      ),
    );
    expect((await orderRow(db(), first.orderId)).status).toBe("paid");
  });

  it("decides a payment raced against an admin's cancel under the order's lock", async () => {
    for (let round = 0; round < 6; round++) {
      const { userId, first } = await mispricedCheckout();
      const adminId = await createCustomer(db(), `admin-${round}-${userId}@example.com`);
      const [paid, cancelled] = await Promise.allSettled([
        payOrder(db(), first.orderId),
        cancelOrderAsAdmin(db(), () => provider, logger, {
          orderId: first.orderId,
          adminId,
          reason: null,
          expectedStatus: "pending",
        }),
      ]);
      expect(paid.status).toBe("fulfilled");
      const order = await orderRow(db(), first.orderId);
      if (cancelled.status === "rejected") {
        // The payment won: the admin hears it was paid, never "it cannot be cancelled".
        expect(cancelled.reason).toEqual(refusal(expect.stringMatching(/^This order is paid now/)));
        expect(order.status).toBe("paid");
      } else {
        // The cancel won: the money that arrived after is due back.
        expect(order).toMatchObject({ status: "cancelled", refundDue: true });
      }
    }
  });
});

describe.each(testDrivers)("nothing sold for nothing on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();

  it("never sells a variant at £0.00, nor asks a provider for a payment of nothing", async () => {
    const userId = await createCustomer(db());
    // A variant at £0.00 from before prices had to be at least a penny.
    await createProduct(db(), {
      variants: [{ id: "free-sample", pricePence: 0, stockQuantity: 5 }],
    });
    const asked: unknown[] = [];
    const watching = {
      ...provider,
      createIntent: async (request: Parameters<typeof provider.createIntent>[0]) => {
        asked.push(request);
        return provider.createIntent(request);
      },
    };
    await expect(
      startCheckout(
        db(),
        watching,
        { userId, request: checkoutCart([{ variantId: "free-sample", quantity: 1 }]) },
        testCheckoutSettings,
      ),
    ).rejects.toEqual(refusal("One of the products in your cart is no longer available."));

    // A penny, half off the first order, no shipping charge: the total would be £0.00.
    await createProduct(db(), { variants: [{ id: "penny", pricePence: 1, stockQuantity: 5 }] });
    await expect(
      startCheckout(
        db(),
        watching,
        { userId, request: checkoutCart([{ variantId: "penny", quantity: 1 }]) },
        { ...testCheckoutSettings, firstOrderDiscountPercent: 50, shippingFlatRatePence: 0 },
      ),
    ).rejects.toEqual(refusal("An order of £0.00 cannot be paid for. Please contact us."));
    expect(asked).toEqual([]);
    // Nothing held: no order, the stock untouched, the first-order discount still theirs.
    expect(await stockOf(db(), "penny")).toBe(5);
    const paid = await startCheckout(
      db(),
      watching,
      { userId, request: checkoutCart([{ variantId: "penny", quantity: 1 }]) },
      testCheckoutSettings,
    );
    expect(paid.pricing).toMatchObject({ discountPence: 0, shippingPence: 399, totalPence: 400 });
  });
});
