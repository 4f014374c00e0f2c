import { checkoutRequestSchema } from "@common/checkout/checkout-input";
import { adminActor } from "@server/audit/audit-log";
import { auditLog } from "@server/audit/schema";
import { startCheckout } from "@server/checkout/checkout-service";
import { deliveryMethodFormSchema } from "@server/delivery/delivery-form";
import {
  createDeliveryMethod,
  DELIVERY_UNAVAILABLE,
  type DeliveryMethodInput,
  deliveryOptions,
  updateDeliveryMethod,
} from "@server/delivery/delivery-methods";
import { deliveryMethods } from "@server/delivery/schema";
import { emailOutbox } from "@server/email/schema";
import { DomainError } from "@server/errors";
import { createTestProvider } from "@server/payments/test-provider";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  createCustomer,
  createProduct,
  orderRow,
  payOrder,
  shopPricing,
  testCheckoutDetails,
  testCheckoutSettings,
  versionNow,
} from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// Delivery methods (docs/decisions/042): what each costs a cart, the days it promises, and the
// admin's editor. The checkout runs with the demo's pricing: standard £3.99, free over £50.

/** Wednesday 25 November 2026, 10:00 in London: before every method's 2pm cut-off. */
const WEDNESDAY_MORNING = new Date("2026-11-25T10:00:00Z");

const checkout = (deliveryMethodId: string | undefined, quantity = 1) =>
  checkoutRequestSchema.parse({
    items: [{ variantId: "kit-v", quantity }],
    customerDetails: testCheckoutDetails,
    ...(deliveryMethodId ? { deliveryMethodId } : {}),
  });

const expressWithThreshold: DeliveryMethodInput = {
  name: "Tracked 24",
  pricePence: 450,
  freeOverPence: 10_000,
  minWorkingDays: 1,
  maxWorkingDays: 2,
  cutoffMinutes: 12 * 60,
  active: true,
  position: 5,
};

describe.each(testDrivers)("delivery methods on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();
  const provider = createTestProvider("integration-test-secret-of-32-characters!");
  const adminId = "admin-of-delivery";

  async function priceWith(deliveryMethodId: string | undefined, quantity: number, now?: Date) {
    const userId = await createCustomer(db());
    // Not a first order: no discount, so the subtotal decides.
    const first = await startCheckout(
      db(),
      provider,
      { userId, request: checkout(undefined) },
      testCheckoutSettings,
    );
    await payOrder(db(), first.orderId);
    const result = await startCheckout(
      db(),
      provider,
      { userId, request: checkout(deliveryMethodId, quantity) },
      testCheckoutSettings,
      now,
    );
    return { result, order: await orderRow(db(), result.orderId) };
  }

  it("offers the standard, express and next-working-day methods, dated from now", async () => {
    const options = await deliveryOptions(db(), shopPricing, WEDNESDAY_MORNING);
    expect(options).toEqual([
      expect.objectContaining({
        id: "standard",
        name: "Standard delivery",
        standard: true,
        pricePence: 399,
        freeOverPence: 5000,
        // Leaves on Wednesday; five to seven working days: Wednesday 2 to Friday 4 December.
        from: "2026-12-02",
        to: "2026-12-04",
      }),
      expect.objectContaining({
        id: "express",
        pricePence: 599,
        freeOverPence: null,
        from: "2026-11-27",
        to: "2026-11-30",
      }),
      expect.objectContaining({
        id: "next-working-day",
        pricePence: 999,
        from: "2026-11-26",
        to: "2026-11-26",
      }),
    ]);
  });

  it("charges each method's price, free over its threshold and never over none", async () => {
    await createProduct(db(), {
      id: "kit",
      variants: [{ id: "kit-v", pricePence: 2500, stockQuantity: 100 }],
    });
    const trackedId = await createDeliveryMethod(db(), adminActor(adminId), expressWithThreshold);
    // Standard without a choice: £50.00 is not over £50, so £3.99; £75.00 travels free.
    expect((await priceWith(undefined, 2)).result.pricing.shippingPence).toBe(399);
    expect((await priceWith("standard", 3)).result.pricing.shippingPence).toBe(0);
    // Express has no threshold: £5.99 on £125.00 too.
    const express = await priceWith("express", 5);
    expect(express.result.pricing).toMatchObject({ shippingPence: 599, totalPence: 12_500 + 599 });
    expect((await priceWith("next-working-day", 1)).result.pricing.shippingPence).toBe(999);
    // The admin's own method: £4.50, free over £100.
    expect((await priceWith(trackedId, 4)).result.pricing.shippingPence).toBe(450);
    expect((await priceWith(trackedId, 5)).result.pricing.shippingPence).toBe(0);
    // The order keeps the method's name and the days it promised.
    expect(express.order).toMatchObject({
      deliveryMethodId: "express",
      deliveryMethodName: "Express delivery",
    });
  });

  it("dates the order across the Christmas bank holidays and a weekend, and says so by email", async () => {
    await createProduct(db(), {
      id: "kit",
      variants: [{ id: "kit-v", pricePence: 2500, stockQuantity: 100 }],
    });
    // Thursday 24 December 2026, 15:00: after the cut-off. Christmas Day, the weekend and the
    // substitute Boxing Day pass: it leaves on Tuesday 29th and arrives on Wednesday 30th.
    const { order } = await priceWith("next-working-day", 1, new Date("2026-12-24T15:00:00Z"));
    expect(order).toMatchObject({ deliveryFrom: "2026-12-30", deliveryTo: "2026-12-30" });
    await payOrder(db(), order.id);
    const [email] = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, `Your Gleam order GL-${order.number}`));
    expect(email?.text).toContain("Delivery: Next working day, estimated Wednesday 30 December.");
  });

  it("refuses a method switched off or unknown, and makes nothing", async () => {
    await createProduct(db(), { id: "kit", variants: [{ id: "kit-v", stockQuantity: 10 }] });
    await db()
      .update(deliveryMethods)
      .set({ active: false })
      .where(eq(deliveryMethods.id, "express"));
    const userId = await createCustomer(db());
    for (const id of ["express", "no-such-method"]) {
      const attempt = startCheckout(
        db(),
        provider,
        { userId, request: checkout(id) },
        testCheckoutSettings,
      );
      await expect(attempt).rejects.toThrow(DELIVERY_UNAVAILABLE);
      await expect(attempt).rejects.toBeInstanceOf(DomainError);
    }
    expect((await deliveryOptions(db(), shopPricing)).map((option) => option.id)).toEqual([
      "standard",
      "next-working-day",
    ]);
  });

  it("lets the admin edit a method, audited, but never price or switch off the standard one", async () => {
    const admin = adminActor(adminId);
    await updateDeliveryMethod(db(), admin, "standard", {
      ...{
        ...expressWithThreshold,
        name: "Royal Mail Tracked 48",
        active: false,
      },
      version: await versionNow(db(), "delivery_methods", "standard"),
    });
    const [standard] = await db()
      .select()
      .from(deliveryMethods)
      .where(eq(deliveryMethods.id, "standard"));
    expect(standard).toMatchObject({
      name: "Royal Mail Tracked 48",
      pricePence: null,
      freeOverPence: null,
      active: true,
      cutoffMinutes: 720,
    });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "delivery_method.updated"));
    expect(entry?.before).toMatchObject({ name: "Standard delivery", cutoffMinutes: 840 });
    expect(entry?.after).toMatchObject({ name: "Royal Mail Tracked 48", cutoffMinutes: 720 });
  });

  it("refuses a save from a method another admin has changed since, naming the change", async () => {
    const id = await createDeliveryMethod(db(), adminActor(adminId), expressWithThreshold);
    await updateDeliveryMethod(db(), adminActor(adminId), id, {
      ...expressWithThreshold,
      pricePence: 500,
      version: 1,
    });
    await expect(
      updateDeliveryMethod(db(), adminActor("another-admin"), id, {
        ...expressWithThreshold,
        name: "Tracked 24 (signed)",
        version: 1,
      }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
      message:
        "This delivery method changed since you opened it (its price). Reload it to see the changes, then make yours again.",
    });
    const [method] = await db().select().from(deliveryMethods).where(eq(deliveryMethods.id, id));
    expect(method).toMatchObject({ name: "Tracked 24", pricePence: 500, version: 2 });
  });

  it("reads the admin's form and says every field at fault", () => {
    const good = deliveryMethodFormSchema.safeParse({
      name: "Courier",
      price: "7.50",
      freeOver: "",
      minWorkingDays: "1",
      maxWorkingDays: "2",
      cutoff: "15:30",
      position: "3",
      active: "on",
    });
    expect(good.success && good.data).toEqual({
      name: "Courier",
      pricePence: 750,
      freeOverPence: null,
      minWorkingDays: 1,
      maxWorkingDays: 2,
      cutoffMinutes: 930,
      active: true,
      position: 3,
    });
    const bad = deliveryMethodFormSchema.safeParse({
      name: "",
      price: "seven",
      minWorkingDays: "3",
      maxWorkingDays: "2",
      cutoff: "25:00",
      position: "1",
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["name", "Give the delivery method a name."],
      ["pricePence", "Enter the price in pounds, such as 5.99."],
      ["cutoffMinutes", "Enter the cut-off as a time, such as 14:00."],
      ["maxWorkingDays", "The latest day cannot come before the soonest."],
    ]);
  });
});
