import { CODE_MESSAGES, minimumSpendMessage } from "@common/discounts/discounts";
import { adminActor } from "@server/audit/audit-log";
import { startCheckout } from "@server/checkout/checkout-service";
import { createDiscountCode, updateDiscountCode } from "@server/discounts/code-editor";
import { linkedCode } from "@server/discounts/code-link";
import { previewCode } from "@server/discounts/code-preview";
import { discountFormSchema } from "@server/discounts/discount-form";
import { discountCodes, discountRedemptions } from "@server/discounts/schema";
import { emailOutbox } from "@server/email/schema";
import { DomainError } from "@server/errors";
import { logger } from "@server/logger";
import { cancelOrderAsAdmin, refundOrder } from "@server/orders/order-refunds";
import { createTestProvider } from "@server/payments/test-provider";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkoutRequestSchema } from "../../common/checkout/checkout-input";
import {
  createCategory,
  createCustomer,
  createProduct,
  orderRow,
  payOrder,
  testCheckoutDetails,
  testCheckoutSettings,
  testCodeInput,
  versionNow,
} from "../factories";
import { expireDueOrders } from "../job-handlers";
import { invoicePageText } from "../pdf-text";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// Discount codes (docs/decisions/043): every rule a code has, its uses claimed with the order and
// given back by a cancelled one, checked again when the money arrives, and the admin's editor.
// The demo's pricing: £3.99 standard delivery, free over £50; 10% off a first order.

const admin = adminActor("admin-of-codes");
const baseCode = testCodeInput;

const cart = (
  items: Array<{ variantId: string; quantity: number }>,
  extra: { discountCode?: string; deliveryMethodId?: string } = {},
) => checkoutRequestSchema.parse({ items, customerDetails: testCheckoutDetails, ...extra });

describe.each(testDrivers)("discount codes on %s", (driver) => {
  const database = useTestDatabase(driver, { maxConnections: 10 });
  const db = () => database.db();
  const provider = createTestProvider("integration-test-secret-of-32-characters!");

  /** A customer who has paid once already: no first-order discount in the way. */
  async function returningCustomer() {
    const userId = await createCustomer(db());
    const first = await startCheckout(
      db(),
      provider,
      { userId, request: cart([{ variantId: "paste-v", quantity: 1 }]) },
      testCheckoutSettings,
    );
    await payOrder(db(), first.orderId);
    return userId;
  }

  const checkout = (userId: string, request: ReturnType<typeof cart>, now?: Date) =>
    startCheckout(db(), provider, { userId, request }, testCheckoutSettings, now);

  async function shop() {
    const gifts = await createCategory(db(), { name: "Gifts", slug: "gifts" });
    await createProduct(db(), {
      id: "paste",
      slug: "paste",
      variants: [{ id: "paste-v", pricePence: 1500, stockQuantity: 100 }],
    });
    await createProduct(db(), {
      id: "kit",
      slug: "kit",
      categoryId: gifts.id,
      variants: [{ id: "kit-v", pricePence: 4000, stockQuantity: 100 }],
    });
    return { gifts };
  }

  const codeRow = async (code: string) =>
    (await db().select().from(discountCodes).where(eq(discountCodes.code, code)))[0];

  it("takes its percentage off, whatever the case typed, and claims one use with the order", async () => {
    await shop();
    await createDiscountCode(db(), admin, baseCode);
    const userId = await returningCustomer();
    const result = await checkout(
      userId,
      cart([{ variantId: "kit-v", quantity: 1 }], { discountCode: " save20 " }),
    );
    // £40.00, 20% off is £8.00; £32.00 is not over £50: £3.99 delivery.
    expect(result.pricing).toMatchObject({
      discountPence: 800,
      shippingPence: 399,
      totalPence: 3599,
    });
    const order = await orderRow(db(), result.orderId);
    expect(order).toMatchObject({ discountCode: "SAVE20", firstOrderDiscount: false });
    expect((await codeRow("SAVE20"))?.usedCount).toBe(1);
  });

  it("says why a code does not apply: unknown (paused and not started alike), ended, minimum, scope", async () => {
    const { gifts } = await shop();
    const userId = await returningCustomer();
    const now = new Date("2026-11-28T12:00:00Z");
    await createDiscountCode(db(), admin, { ...baseCode, code: "PAUSED", active: false });
    await createDiscountCode(db(), admin, {
      ...baseCode,
      code: "SOON",
      startsAt: new Date("2026-12-01T00:00:00Z"),
    });
    await createDiscountCode(db(), admin, {
      ...baseCode,
      code: "OVER",
      endsAt: new Date("2026-11-28T00:00:00Z"),
    });
    await createDiscountCode(db(), admin, { ...baseCode, code: "BIGSPEND", minSpendPence: 5000 });
    await createDiscountCode(db(), admin, { ...baseCode, code: "GIFTS", categoryIds: [gifts.id] });
    await createDiscountCode(db(), admin, { ...baseCode, code: "KITONLY", productSlugs: ["kit"] });
    const paste = [{ variantId: "paste-v", quantity: 2 }];
    const refusal = async (code: string) =>
      previewCode(db(), { userId, clientAddress: null, code, items: paste }, now).then(
        () => "applied",
        (error: unknown) => (error instanceof DomainError ? error.message : String(error)),
      );
    expect(await refusal("NOPE")).toBe(CODE_MESSAGES.unknown);
    expect(await refusal("PAUSED")).toBe(CODE_MESSAGES.unknown);
    // A code not started yet is not confirmed to exist before its day.
    expect(await refusal("SOON")).toBe(CODE_MESSAGES.unknown);
    expect(await refusal("OVER")).toBe(CODE_MESSAGES.expired);
    expect(await refusal("BIGSPEND")).toBe(minimumSpendMessage("£50"));
    expect(await refusal("GIFTS")).toBe(CODE_MESSAGES.notApplicable);
    expect(await refusal("KITONLY")).toBe(CODE_MESSAGES.notApplicable);
    // The order's own check says the same, and makes nothing.
    await expect(checkout(userId, cart(paste, { discountCode: "OVER" }), now)).rejects.toThrow(
      CODE_MESSAGES.expired,
    );
  });

  it("checks a guest's cart for everything but the per-customer limit, counting the attempts", async () => {
    await shop();
    await createDiscountCode(db(), admin, {
      ...baseCode,
      perCustomerLimit: 1,
      minSpendPence: 3000,
    });
    const guest = (code: string, items: Array<{ variantId: string; quantity: number }>) =>
      previewCode(db(), { userId: null, clientAddress: "10.8.0.1", code, items });
    await expect(guest("SAVE20", [{ variantId: "paste-v", quantity: 1 }])).rejects.toThrow(
      minimumSpendMessage("£30"),
    );
    await expect(guest("NOPE", [{ variantId: "kit-v", quantity: 1 }])).rejects.toThrow(
      CODE_MESSAGES.unknown,
    );
    expect((await guest("save20", [{ variantId: "kit-v", quantity: 1 }])).offer).toEqual({
      kind: "percent",
      percentOff: 20,
      eligiblePence: 4000,
    });
    // Thirty an address in ten minutes, guests or not: three tried here already.
    for (let attempt = 3; attempt < 30; attempt++) {
      await guest("NOPE", [{ variantId: "kit-v", quantity: 1 }]).catch(() => {});
    }
    await expect(guest("SAVE20", [{ variantId: "kit-v", quantity: 1 }])).rejects.toThrow(
      CODE_MESSAGES.tooManyAttempts,
    );
  });

  it("keeps a linked code on its own terms, says why one cannot be kept, and counts each opening", async () => {
    await shop();
    const now = new Date("2026-11-28T12:00:00Z");
    await createDiscountCode(db(), admin, {
      ...baseCode,
      code: "INSTA15",
      amount: 15,
      minSpendPence: 3000,
      perCustomerLimit: 1,
      productSlugs: ["kit"],
    });
    await createDiscountCode(db(), admin, { ...baseCode, code: "PAUSED", active: false });
    await createDiscountCode(db(), admin, {
      ...baseCode,
      code: "OVER",
      endsAt: new Date("2026-11-28T00:00:00Z"),
    });
    await createDiscountCode(db(), admin, { ...baseCode, code: "GONE", usageLimit: 1 });
    await db().update(discountCodes).set({ usedCount: 1 }).where(eq(discountCodes.code, "GONE"));
    const open = (code: string) => linkedCode(db(), { code, clientAddress: "10.9.0.1" }, now);
    expect(await open("insta15")).toEqual({
      code: "INSTA15",
      label: "Code INSTA15 (15% off)",
      conditions: [
        "Spend £30 or more on items to use it.",
        "It applies to selected products only.",
        "It can be used once per customer.",
      ],
      offer: { kind: "percent", percentOff: 15, eligiblePence: 0 },
    });
    await expect(open("NOPE")).rejects.toThrow(CODE_MESSAGES.unknown);
    await expect(open("PAUSED")).rejects.toThrow(CODE_MESSAGES.unknown);
    await expect(open("OVER")).rejects.toThrow(CODE_MESSAGES.expired);
    await expect(open("GONE")).rejects.toThrow(CODE_MESSAGES.usedUp);
    // A link is a code tried: thirty openings an address in ten minutes, five made above.
    for (let attempt = 5; attempt < 30; attempt++) await open("NOPE").catch(() => {});
    await expect(open("INSTA15")).rejects.toThrow(CODE_MESSAGES.tooManyAttempts);
  });

  it("takes a scoped code off its own products only", async () => {
    const { gifts } = await shop();
    await createDiscountCode(db(), admin, { ...baseCode, code: "GIFTS", categoryIds: [gifts.id] });
    await createDiscountCode(db(), admin, {
      ...baseCode,
      code: "FIVER",
      kind: "fixed",
      amount: 500,
      productSlugs: ["paste"],
    });
    const userId = await returningCustomer();
    const mixed = [
      { variantId: "paste-v", quantity: 1 },
      { variantId: "kit-v", quantity: 1 },
    ];
    // 20% of the kit's £40.00 only: £8.00.
    expect(
      (await checkout(userId, cart(mixed, { discountCode: "GIFTS" }))).pricing.discountPence,
    ).toBe(800);
    // £5.00 off the toothpaste's £15.00.
    expect(
      (await checkout(userId, cart(mixed, { discountCode: "FIVER" }))).pricing.discountPence,
    ).toBe(500);
  });

  it("limits uses per customer, counting only orders open or paid", async () => {
    await shop();
    await createDiscountCode(db(), admin, { ...baseCode, perCustomerLimit: 1 });
    const userId = await returningCustomer();
    const request = cart([{ variantId: "kit-v", quantity: 1 }], { discountCode: "SAVE20" });
    const first = await checkout(userId, request);
    // The same customer's next checkout replaces the open order: its use comes back first.
    const again = await checkout(
      userId,
      cart([{ variantId: "kit-v", quantity: 2 }], { discountCode: "SAVE20" }),
    );
    expect(again.orderId).not.toBe(first.orderId);
    expect((await codeRow("SAVE20"))?.usedCount).toBe(1);
    await payOrder(db(), again.orderId);
    await expect(checkout(userId, request)).rejects.toThrow(CODE_MESSAGES.usedByYou);
    // Another customer still may.
    const other = await returningCustomer();
    await expect(checkout(other, request)).resolves.toMatchObject({
      pricing: expect.objectContaining({ discountPence: 800 }),
    });
  });

  it("gives the last use to exactly one of two customers racing for it", async () => {
    await shop();
    await createDiscountCode(db(), admin, { ...baseCode, usageLimit: 1 });
    const [ada, bob] = [await returningCustomer(), await returningCustomer()];
    const request = cart([{ variantId: "kit-v", quantity: 1 }], { discountCode: "SAVE20" });
    const results = await Promise.allSettled([checkout(ada, request), checkout(bob, request)]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const [lost] = results.filter((result) => result.status === "rejected");
    expect(String((lost as PromiseRejectedResult).reason)).toContain(CODE_MESSAGES.usedUp);
    expect((await codeRow("SAVE20"))?.usedCount).toBe(1);
    expect(await db().select().from(discountRedemptions)).toHaveLength(1);
  });

  it("gives a use back when the unpaid order expires, for someone else to take", async () => {
    await shop();
    await createDiscountCode(db(), admin, { ...baseCode, usageLimit: 1 });
    const request = cart([{ variantId: "kit-v", quantity: 1 }], { discountCode: "SAVE20" });
    const ada = await returningCustomer();
    const held = await checkout(ada, request);
    const bob = await returningCustomer();
    await expect(checkout(bob, request)).rejects.toThrow(CODE_MESSAGES.usedUp);
    expect(await expireDueOrders(db(), new Date(Date.now() + 31 * 60_000))).toBe(1);
    expect((await orderRow(db(), held.orderId)).status).toBe("cancelled");
    expect((await codeRow("SAVE20"))?.usedCount).toBe(0);
    const taken = await checkout(bob, request);
    await payOrder(db(), taken.orderId);
    expect((await orderRow(db(), taken.orderId)).status).toBe("paid");
    expect((await codeRow("SAVE20"))?.usedCount).toBe(1);
  });

  it("gives a use back when the admin cancels a paid order; a refund keeps it", async () => {
    await shop();
    await createDiscountCode(db(), admin, { ...baseCode, usageLimit: 2 });
    const request = cart([{ variantId: "kit-v", quantity: 1 }], { discountCode: "SAVE20" });
    const adminId = await createCustomer(db(), "admin-of-refunds@example.com");
    const [ada, bob] = [await returningCustomer(), await returningCustomer()];
    const cancelled = await checkout(ada, request);
    const refunded = await checkout(bob, request);
    await payOrder(db(), cancelled.orderId);
    await payOrder(db(), refunded.orderId);
    expect((await codeRow("SAVE20"))?.usedCount).toBe(2);

    await refundOrder(db(), () => provider, logger, {
      orderId: refunded.orderId,
      adminId,
      amountPence: refunded.pricing.totalPence,
      restock: [],
      reason: "Customer asked",
      expectedStatus: "paid",
    });
    expect((await orderRow(db(), refunded.orderId)).status).toBe("refunded");
    expect((await codeRow("SAVE20"))?.usedCount).toBe(2);

    await cancelOrderAsAdmin(db(), () => provider, logger, {
      orderId: cancelled.orderId,
      adminId,
      reason: "Customer asked",
      expectedStatus: "paid",
      refundPence: cancelled.pricing.totalPence,
    });
    expect((await orderRow(db(), cancelled.orderId)).status).toBe("cancelled");
    expect((await codeRow("SAVE20"))?.usedCount).toBe(1);
    // The use is someone else's to take.
    const carol = await returningCustomer();
    await checkout(carol, request);
    expect((await codeRow("SAVE20"))?.usedCount).toBe(2);
  });

  it("checks the use again when the money arrives: one no longer held is flagged, not paid", async () => {
    await shop();
    await createDiscountCode(db(), admin, baseCode);
    const userId = await returningCustomer();
    const result = await checkout(
      userId,
      cart([{ variantId: "kit-v", quantity: 1 }], { discountCode: "SAVE20" }),
    );
    // The claim gone behind the order's back (as by a fault): the order cannot take the money.
    await db()
      .update(discountRedemptions)
      .set({ releasedAt: new Date() })
      .where(eq(discountRedemptions.orderId, result.orderId));
    expect(await payOrder(db(), result.orderId)).toMatchObject({ outcome: "flagged" });
    expect(await orderRow(db(), result.orderId)).toMatchObject({
      status: "pending",
      refundDue: true,
      paymentError: "The discount code was no longer available.",
    });
  });

  it("keeps a first order's discount when it saves more, and spends no use of the code", async () => {
    await shop();
    await createDiscountCode(db(), admin, {
      ...baseCode,
      code: "TAKE5",
      kind: "percent",
      amount: 5,
    });
    const newcomer = await createCustomer(db());
    const result = await checkout(
      newcomer,
      cart([{ variantId: "kit-v", quantity: 1 }], { discountCode: "TAKE5" }),
    );
    expect(result.pricing.discountPence).toBe(400);
    expect(await orderRow(db(), result.orderId)).toMatchObject({
      firstOrderDiscount: true,
      discountCode: null,
    });
    expect((await codeRow("TAKE5"))?.usedCount).toBe(0);
  });

  it("delivers free on any method with a free-delivery code", async () => {
    await shop();
    await createDiscountCode(db(), admin, {
      ...baseCode,
      code: "SHIPFREE",
      kind: "free_delivery",
      amount: 0,
    });
    const userId = await returningCustomer();
    const result = await checkout(
      userId,
      cart([{ variantId: "kit-v", quantity: 3 }], {
        discountCode: "SHIPFREE",
        deliveryMethodId: "express",
      }),
    );
    expect(result.pricing).toMatchObject({
      discountPence: 0,
      shippingPence: 0,
      totalPence: 12_000,
    });
    // The order's email and invoice name the code that made the delivery free.
    await payOrder(db(), result.orderId);
    const [email] = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "order-confirmation"))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    expect(email?.text).toContain("Code SHIPFREE: Free delivery");
    const page = await invoicePageText(db(), result.orderId);
    expect(page).toContain("Delivery: Express delivery, free with code SHIPFREE");
  });

  it("limits the codes one account may try", async () => {
    await shop();
    const userId = await returningCustomer();
    const items = [{ variantId: "paste-v", quantity: 1 }];
    for (let attempt = 1; attempt <= 10; attempt++) {
      await expect(
        previewCode(db(), { userId, clientAddress: "203.0.113.9", code: `GUESS${attempt}`, items }),
      ).rejects.toThrow(CODE_MESSAGES.unknown);
    }
    await expect(
      previewCode(db(), { userId, clientAddress: "203.0.113.9", code: "GUESS11", items }),
    ).rejects.toThrow(CODE_MESSAGES.tooManyAttempts);
  });

  it("lets the admin edit and pause a code, but not under its uses or onto another's name", async () => {
    await shop();
    const id = await createDiscountCode(db(), admin, { ...baseCode, usageLimit: 5 });
    await createDiscountCode(db(), admin, { ...baseCode, code: "OTHER" });
    const userId = await returningCustomer();
    await checkout(userId, cart([{ variantId: "kit-v", quantity: 1 }], { discountCode: "SAVE20" }));
    await checkout(
      await returningCustomer(),
      cart([{ variantId: "kit-v", quantity: 1 }], { discountCode: "SAVE20" }),
    );
    await expect(
      updateDiscountCode(db(), admin, id, {
        ...{ ...baseCode, usageLimit: 1 },
        version: await versionNow(db(), "discount_codes", id),
      }),
    ).rejects.toThrow("The code is already used 2 times: the limit cannot be lower.");
    await expect(
      updateDiscountCode(db(), admin, id, {
        ...{ ...baseCode, code: "other" },
        version: await versionNow(db(), "discount_codes", id),
      }),
    ).rejects.toThrow("Another discount uses this code: choose another.");
    await expect(
      createDiscountCode(db(), admin, { ...baseCode, productSlugs: ["no-such-product"] }),
    ).rejects.toThrow("No product has the slug no-such-product.");
    await updateDiscountCode(db(), admin, id, {
      ...{ ...baseCode, usageLimit: 5, active: false },
      version: await versionNow(db(), "discount_codes", id),
    });
    expect(await codeRow("SAVE20")).toMatchObject({ active: false, usedCount: 2 });
    await expect(
      checkout(userId, cart([{ variantId: "kit-v", quantity: 1 }], { discountCode: "SAVE20" })),
    ).rejects.toThrow(CODE_MESSAGES.unknown);
  });

  it("refuses a save from a code another admin has changed since, naming the change", async () => {
    const id = await createDiscountCode(db(), admin, baseCode);
    // Two admins open the code at version 1; the first lowers it to 10%.
    await updateDiscountCode(db(), admin, id, { ...baseCode, amount: 10, version: 1 });
    const stale = updateDiscountCode(db(), adminActor("another-admin"), id, {
      ...baseCode,
      minSpendPence: 3000,
      version: 1,
    });
    await expect(stale).rejects.toMatchObject({
      code: "CONFLICT",
      message:
        "This discount code changed since you opened it (its amount). Reload it to see the changes, then make yours again.",
    });
    expect(await codeRow("SAVE20")).toMatchObject({
      percentOff: 10,
      minSpendPence: null,
      version: 2,
    });
    // From the version they reloaded, the save goes through.
    await updateDiscountCode(db(), admin, id, {
      ...baseCode,
      amount: 10,
      minSpendPence: 3000,
      version: 2,
    });
    expect(await codeRow("SAVE20")).toMatchObject({ minSpendPence: 3000, version: 3 });
    // A use claimed is not a save: the version stays.
    await shop();
    const userId = await returningCustomer();
    await checkout(userId, cart([{ variantId: "kit-v", quantity: 1 }], { discountCode: "SAVE20" }));
    expect(await codeRow("SAVE20")).toMatchObject({ usedCount: 1, version: 3 });
  });

  it("reads the admin's form: London's days, pounds, and every mistake at once", () => {
    const good = discountFormSchema.safeParse({
      code: "summer-26",
      kind: "fixed",
      amount: "7.50",
      minSpend: "30",
      startsOn: "01/07/2026",
      endsOn: "31/08/2026",
      usageLimit: "",
      perCustomerLimit: "1",
      products: "Paste, kit",
      category: "",
      active: "on",
    });
    expect(good.data).toMatchObject({
      code: "SUMMER-26",
      amount: 750,
      minSpendPence: 3000,
      // Midnight in London in summer, and the day after the last day.
      startsAt: new Date("2026-06-30T23:00:00Z"),
      endsAt: new Date("2026-08-31T23:00:00Z"),
      usageLimit: null,
      perCustomerLimit: 1,
      productSlugs: ["paste", "kit"],
      active: true,
    });
    const bad = discountFormSchema.safeParse({
      code: "no",
      kind: "percent",
      amount: "150",
      endsOn: "31/02/2027",
      usageLimit: "many",
    });
    expect(bad.error?.issues.map((issue) => issue.path.join("."))).toEqual([
      "code",
      "endsAt",
      "usageLimit",
      "amount",
    ]);
  });
});
