import { startCheckout } from "@server/checkout/checkout-service";
import { confirmTestPayment } from "@server/checkout/test-confirm";
import { emailOutbox } from "@server/email/schema";
import { DomainError } from "@server/errors";
import { orderItems, orders } from "@server/orders/schema";
import { paymentEvents } from "@server/payments/schema";
import { createTestProvider } from "@server/payments/test-provider";
import { and, eq, gt, ne } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type CheckoutRequest, checkoutRequestSchema } from "../../common/checkout/checkout-input";
import {
  createCustomer,
  createProduct,
  intentSecret,
  orderRow as orderById,
  payOrder,
  shopPricing,
  stockOf as stockOfVariant,
  testBrand,
} from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// What one account could do to everyone else's shopping (issue: red-team review): hoard the stock,
// take the first-order discount many times, test stolen cards, or have emails sent anywhere.

const settings = {
  ...shopPricing,
  attemptsPerMinute: 1000,
  maxUnitsPerOrder: 30,
  pendingOrderMinutes: 30,
};
const brand = testBrand;
const details = {
  fullName: "Ada Lovelace",
  email: "ada@example.com",
  phone: "+44 7700 900123",
  shippingAddress: "1 Analytical Row, London N1 1AA",
};

function cart(items: Array<{ variantId: string; quantity: number }>, extra = {}): CheckoutRequest {
  return checkoutRequestSchema.parse({ items, customerDetails: { ...details, ...extra } });
}

describe.each(testDrivers)("checkout abuse on %s", (driver) => {
  const database = useTestDatabase(driver, { maxConnections: 10 });
  const db = () => database.db();
  const provider = createTestProvider("integration-test-secret-of-32-characters!");
  const checkout = (userId: string, request: CheckoutRequest) =>
    startCheckout(db(), provider, { userId, request }, settings);

  const stockOf = (variantId: string) => stockOfVariant(db(), variantId);
  const orderRow = (id: string) => orderById(db(), id);
  const pay = (orderId: string) => payOrder(db(), orderId);

  async function unitsOf(orderId: string) {
    const rows = await db().select().from(orderItems).where(eq(orderItems.orderId, orderId));
    return rows.reduce((sum, row) => sum + row.quantity, 0);
  }

  const openOrders = (userId: string) =>
    db()
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.status, "pending")));

  describe("stock hoarding", () => {
    it("keeps one open order per customer: a new checkout cancels the last and returns its stock", async () => {
      const userId = await createCustomer(db());
      await createProduct(db(), { variants: [{ id: "v", stockQuantity: 20 }] });
      await createProduct(db(), { variants: [{ id: "w", stockQuantity: 20 }] });
      const first = await checkout(userId, cart([{ variantId: "v", quantity: 5 }]));
      expect(await stockOf("v")).toBe(15);
      const second = await checkout(userId, cart([{ variantId: "w", quantity: 3 }]));
      expect(second.orderId).not.toBe(first.orderId);
      expect(await orderRow(first.orderId)).toMatchObject({ status: "cancelled" });
      expect(await stockOf("v")).toBe(20);
      expect(await stockOf("w")).toBe(17);
      expect(await openOrders(userId)).toHaveLength(1);
    });

    it("never lets concurrent checkouts of one customer leave two open orders", async () => {
      const userId = await createCustomer(db());
      await createProduct(db(), { variants: [{ id: "v", stockQuantity: 100 }] });
      await Promise.allSettled(
        [1, 2, 3, 4, 5].map((quantity) => checkout(userId, cart([{ variantId: "v", quantity }]))),
      );
      const open = await openOrders(userId);
      expect(open).toHaveLength(1);
      // Only the open order holds stock.
      expect(await stockOf("v")).toBe(100 - (await unitsOf(open[0]?.id ?? "")));
    });

    it("caps units per variant (default 10) and per order", async () => {
      const userId = await createCustomer(db());
      await createProduct(db(), { name: "Pen", variants: [{ id: "pen", stockQuantity: 500 }] });
      const tooMany = await checkout(userId, cart([{ variantId: "pen", quantity: 11 }])).catch(
        (error: unknown) => error,
      );
      expect(tooMany).toBeInstanceOf(DomainError);
      expect(tooMany).toMatchObject({
        code: "BAD_REQUEST",
        message: "You can buy at most 10 of Pen in one order.",
      });
      expect(await stockOf("pen")).toBe(500);
      expect(
        (await checkout(userId, cart([{ variantId: "pen", quantity: 10 }]))).orderId,
      ).toBeTruthy();

      const ids = ["a", "b", "c", "d"];
      for (const id of ids) await createProduct(db(), { variants: [{ id, stockQuantity: 50 }] });
      const bigOrder = await checkout(
        userId,
        cart(ids.map((variantId) => ({ variantId, quantity: 10 }))),
      ).catch((error: unknown) => error);
      expect(bigOrder).toMatchObject({
        code: "BAD_REQUEST",
        message: "An order can hold at most 30 items. Please remove some from your cart.",
      });
      for (const id of ids) expect(await stockOf(id)).toBe(50);
    });

    it("refuses the review's 100 lines of 999 without touching the stock", async () => {
      const userId = await createCustomer(db());
      const lines = [];
      for (let index = 0; index < 100; index++) {
        await createProduct(db(), { variants: [{ id: `line-${index}`, stockQuantity: 999 }] });
        lines.push({ variantId: `line-${index}`, quantity: 999 });
      }
      await expect(checkout(userId, cart(lines))).rejects.toMatchObject({ code: "BAD_REQUEST" });
      expect(await stockOf("line-0")).toBe(999);
      expect(await db().select().from(orders)).toEqual([]);
    });
  });

  describe("the first-order discount", () => {
    it("is given to one open or paid order only, however the orders are made", async () => {
      const userId = await createCustomer(db());
      await createProduct(db(), {
        variants: [{ id: "kit", pricePence: 2000, stockQuantity: 100 }],
      });
      // Sequentially: each new cart replaces the last open order.
      const made = [];
      for (const quantity of [1, 2, 3]) {
        made.push(await checkout(userId, cart([{ variantId: "kit", quantity }])));
      }
      // Concurrently.
      const concurrent = await Promise.allSettled(
        [4, 5, 6, 7].map((quantity) => checkout(userId, cart([{ variantId: "kit", quantity }]))),
      );
      for (const result of concurrent) if (result.status === "fulfilled") made.push(result.value);
      // Every intent is paid, as a determined customer would try.
      for (const order of made) await pay(order.orderId);
      const paidDiscounted = await db()
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.userId, userId),
            gt(orders.discountPence, 0),
            ne(orders.status, "cancelled"),
          ),
        );
      expect(paidDiscounted).toHaveLength(1);
      expect(paidDiscounted[0]?.status).toBe("paid");
      // The next order pays in full.
      const later = await checkout(userId, cart([{ variantId: "kit", quantity: 1 }]));
      expect(later.pricing.discountPence).toBe(0);
    });

    it("is enforced by the database: a second discounted open order cannot be written", async () => {
      const userId = await createCustomer(db());
      await createProduct(db(), {
        variants: [{ id: "kit", pricePence: 2000, stockQuantity: 100 }],
      });
      const { orderId } = await checkout(userId, cart([{ variantId: "kit", quantity: 1 }]));
      const first = await orderRow(orderId);
      const { id: _id, checkoutKey: _key, providerIntentId: _intent, ...copy } = first;
      await expect(
        db()
          .insert(orders)
          .values({ ...copy, status: "paid", paidAt: new Date() }),
      ).rejects.toThrow();
    });

    it("is checked again when the money arrives", async () => {
      const userId = await createCustomer(db());
      await createProduct(db(), {
        variants: [{ id: "kit", pricePence: 2000, stockQuantity: 100 }],
      });
      const { orderId } = await checkout(userId, cart([{ variantId: "kit", quantity: 1 }]));
      // Meanwhile another order of theirs was paid (placed some other way).
      await db().insert(orders).values({
        userId,
        status: "paid",
        subtotalPence: 2000,
        vatPence: 333,
        totalPence: 2000,
        customerFullName: "Ada",
        customerEmail: "ada@example.com",
        customerPhone: "07700 900123",
        shippingAddress: "1 Analytical Row",
        paidAt: new Date(),
      });
      expect(await pay(orderId)).toMatchObject({ outcome: "flagged" });
      expect(await orderRow(orderId)).toMatchObject({ status: "pending", refundDue: true });
    });
  });

  describe("input", () => {
    it("refuses an order whose total is beyond what a card payment can take", async () => {
      const userId = await createCustomer(db());
      await createProduct(db(), {
        variants: [
          { id: "gold", pricePence: 1_500_000_000, stockQuantity: 5 },
          { id: "platinum", pricePence: 1_500_000_000, stockQuantity: 5 },
        ],
      });
      await expect(
        checkout(
          userId,
          cart([
            { variantId: "gold", quantity: 1 },
            { variantId: "platinum", quantity: 1 },
          ]),
        ),
      ).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message: "This order is too large to pay for online. Please contact us to place it.",
      });
      expect(await stockOf("gold")).toBe(5);
    });

    it("refuses NUL and other control characters in the details", () => {
      for (const field of ["fullName", "shippingAddress", "notes", "phone"]) {
        const parsed = checkoutRequestSchema.safeParse({
          items: [{ variantId: "v", quantity: 1 }],
          customerDetails: { ...details, [field]: `${details.fullName}\u0000` },
        });
        expect(parsed.success, field).toBe(false);
      }
    });

    it("sends order emails to the account's own address, whatever the form says", async () => {
      const userId = await createCustomer(db(), "owner@example.com");
      await createProduct(db(), { variants: [{ id: "v", pricePence: 1000, stockQuantity: 5 }] });
      const { orderId } = await checkout(
        userId,
        cart([{ variantId: "v", quantity: 1 }], { email: "victim@elsewhere.example" }),
      );
      expect(await orderRow(orderId)).toMatchObject({ customerEmail: "owner@example.com" });
      await pay(orderId);
      const [email] = await db().select().from(emailOutbox);
      expect(email?.toAddress).toBe("owner@example.com");
    });
  });

  describe("card testing", () => {
    const card = (number: string) => ({ number, expiry: "12/40", cvc: "123" });

    it("limits card confirmations per customer and declines per order", async () => {
      const userId = await createCustomer(db());
      await createProduct(db(), { variants: [{ id: "v", pricePence: 1000, stockQuantity: 5 }] });
      const { orderId, clientSecret } = await checkout(
        userId,
        cart([{ variantId: "v", quantity: 2 }]),
      );
      const outcomes: string[] = [];
      for (let attempt = 0; attempt < 7; attempt++) {
        const outcome = await confirmTestPayment(
          db(),
          provider,
          { userId, clientSecret: intentSecret(clientSecret), card: card("4000 0000 0000 0002") },
          brand,
          { attemptsPerMinute: 10 },
        ).catch((error: DomainError) => error.code);
        outcomes.push(typeof outcome === "string" ? outcome : "PAID");
      }
      // Five declines, then the order is given up (its stock back), and further tries refused.
      expect(outcomes.slice(0, 5)).toEqual(Array.from({ length: 5 }, () => "PAYMENT_FAILED"));
      expect(
        outcomes.slice(5).every((code) => code === "CONFLICT" || code === "RATE_LIMITED"),
      ).toBe(true);
      expect(await orderRow(orderId)).toMatchObject({ status: "cancelled" });
      expect(await stockOf("v")).toBe(5);
      const events = await db()
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.orderId, orderId));
      expect(events.length).toBeLessThanOrEqual(5);
    });

    it("refuses more than a few card attempts a minute from one customer", async () => {
      const userId = await createCustomer(db());
      await createProduct(db(), { variants: [{ id: "v", pricePence: 1000, stockQuantity: 50 }] });
      const codes: string[] = [];
      for (let attempt = 0; attempt < 4; attempt++) {
        const { clientSecret } = await checkout(
          userId,
          cart([{ variantId: "v", quantity: attempt + 1 }]),
        );
        for (let tries = 0; tries < 3; tries++) {
          codes.push(
            await confirmTestPayment(
              db(),
              provider,
              {
                userId,
                clientSecret: intentSecret(clientSecret),
                card: card("4000 0000 0000 0002"),
              },
              brand,
              { attemptsPerMinute: 10 },
            ).then(
              () => "PAID",
              (error: DomainError) => error.code,
            ),
          );
        }
      }
      expect(codes.filter((code) => code === "PAYMENT_FAILED")).toHaveLength(10);
      expect(codes.slice(10)).toEqual(["RATE_LIMITED", "RATE_LIMITED"]);
    });
  });
});
