import { adminActor } from "@server/audit/audit-log";
import { auditLog } from "@server/audit/schema";
import { startCheckout } from "@server/checkout/checkout-service";
import { onShopChanged } from "@server/events/shop-changed";
import { createTestProvider } from "@server/payments/test-provider";
import { shopSettings } from "@server/settings/schema";
import { saveShopSettings, settingsVersion } from "@server/settings/settings-editor";
import {
  checkoutSettings,
  type EditableSettings,
  getShopSettings,
} from "@server/settings/shop-settings";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkoutCart, createCustomer, createProduct, orderRow } from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// The shop's settings from the database: the environment's defaults until the
// admin saves, then the saved ones at once, in the checkout's prices;
// refused values change nothing; each save is audited and empties the page cache.

const provider = createTestProvider("integration-test-secret-of-32-characters!");

describe.each(testDrivers)("the shop's settings on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();

  async function current(): Promise<EditableSettings> {
    const settings = await getShopSettings(db());
    return {
      shopName: settings.shopName,
      supportEmail: settings.supportEmail,
      supportPhone: settings.supportPhone,
      supportHours: settings.supportHours,
      whatsappNumber: settings.whatsappNumber,
      shippingFlatRatePence: settings.shippingFlatRatePence,
      freeShippingOverPence: settings.freeShippingOverPence,
      firstOrderDiscountPercent: settings.firstOrderDiscountPercent,
      pendingOrderMinutes: settings.pendingOrderMinutes,
      legalName: settings.legalName,
      businessAddress: settings.businessAddress,
      vatNumber: settings.vatNumber,
      companyNumber: settings.companyNumber,
      returnWindowDays: settings.returnWindowDays,
      returnReasons: settings.returnReasons,
      reviewRequestDays: settings.reviewRequestDays,
      abandonedReminderEnabled: settings.abandonedReminderEnabled,
      abandonedReminderMinutes: settings.abandonedReminderMinutes,
      backInStockFactor: settings.backInStockFactor,
      campaignEmailsPerMinute: settings.campaignEmailsPerMinute,
      giftCardAmountsPence: settings.giftCardAmountsPence,
      giftCardCustomMinPence: settings.giftCardCustomMinPence,
      giftCardCustomMaxPence: settings.giftCardCustomMaxPence,
    };
  }

  it("are the environment's until saved, then the saved ones at once, in checkout too", async () => {
    const before = await getShopSettings(db());
    expect(before.freeShippingOverPence).toBe(5000);
    const admin = await createCustomer(db(), "owner@example.com");
    let cleared = 0;
    const stop = onShopChanged(() => cleared++);
    try {
      await saveShopSettings(db(), adminActor(admin), {
        ...{
          ...(await current()),
          freeShippingOverPence: 3000,
          shippingFlatRatePence: 299,
          firstOrderDiscountPercent: 15,
        },
        version: await settingsVersion(db()),
      });
    } finally {
      stop();
    }
    expect(cleared).toBe(1);
    expect(await checkoutSettings(db())).toMatchObject({
      freeShippingOverPence: 3000,
      shippingFlatRatePence: 299,
      firstOrderDiscountPercent: 15,
    });

    // A £25.00 first order: 15% off is £3.75; £21.25 is under £30, so £2.99 shipping.
    const userId = await createCustomer(db());
    await createProduct(db(), { variants: [{ id: "pen", pricePence: 2500, stockQuantity: 5 }] });
    const { orderId } = await startCheckout(
      db(),
      provider,
      { userId, request: checkoutCart([{ variantId: "pen", quantity: 1 }]) },
      { ...(await checkoutSettings(db())), attemptsPerMinute: 1000, maxUnitsPerOrder: 30 },
    );
    expect(await orderRow(db(), orderId)).toMatchObject({
      discountPence: 375,
      shippingPence: 299,
      totalPence: 2500 - 375 + 299,
    });

    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "settings.updated"));
    expect(audit).toMatchObject({
      actorType: "admin",
      actorId: admin,
      before: {
        freeShippingOverPence: 5000,
        shippingFlatRatePence: 399,
        firstOrderDiscountPercent: 10,
      },
      after: {
        freeShippingOverPence: 3000,
        shippingFlatRatePence: 299,
        firstOrderDiscountPercent: 15,
      },
    });
  });

  it("refuses a save from settings another admin has saved since, naming the change", async () => {
    const admin = adminActor(await createCustomer(db(), "owner-two@example.com"));
    const opened = await settingsVersion(db());
    expect(opened).toBe(0);
    await saveShopSettings(db(), admin, {
      ...(await current()),
      shippingFlatRatePence: 299,
      version: opened,
    });
    await expect(
      saveShopSettings(db(), admin, {
        ...(await current()),
        supportHours: "9 to 5",
        version: opened,
      }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
      message:
        "These settings changed since you opened them (their shipping rate). Reload them to see the changes, then make yours again.",
    });
    expect((await getShopSettings(db())).supportHours).not.toBe("9 to 5");
    expect(await settingsVersion(db())).toBe(1);
  });

  it("turns the checkout reminder on with its defaults, and keeps it sooner than the hold", async () => {
    const admin = adminActor(await createCustomer(db(), "owner@example.com"));
    // The defaults are valid together: ticking it on is the whole save, the rest kept.
    await saveShopSettings(db(), admin, {
      ...{ abandonedReminderEnabled: true },
      version: await settingsVersion(db()),
    });
    expect(await getShopSettings(db())).toMatchObject({
      abandonedReminderEnabled: true,
      abandonedReminderMinutes: 20,
      pendingOrderMinutes: 30,
    });
    expect((await checkoutSettings(db())).reminderMinutes).toBe(20);
    // Each form is refused on its own field, and nothing changes.
    await expect(
      saveShopSettings(db(), admin, {
        ...{ abandonedReminderMinutes: 30 },
        version: await settingsVersion(db()),
      }),
    ).rejects.toMatchObject({ field: "abandonedReminderMinutes" });
    await expect(
      saveShopSettings(db(), admin, {
        ...{ pendingOrderMinutes: 20 },
        version: await settingsVersion(db()),
      }),
    ).rejects.toMatchObject({
      field: "pendingOrderMinutes",
      message:
        "Hold unpaid orders for longer than the checkout reminder's delay (20 minutes), or remind sooner.",
    });
    expect(await getShopSettings(db())).toMatchObject({
      abandonedReminderMinutes: 20,
      pendingOrderMinutes: 30,
    });
    // Off, the delay no longer binds the hold.
    await saveShopSettings(db(), admin, {
      ...{ abandonedReminderEnabled: false },
      version: await settingsVersion(db()),
    });
    await saveShopSettings(db(), admin, {
      ...{ pendingOrderMinutes: 15 },
      version: await settingsVersion(db()),
    });
    expect((await getShopSettings(db())).pendingOrderMinutes).toBe(15);
  });

  it("refuses values outside their rules and saves nothing", async () => {
    const admin = await createCustomer(db(), "owner@example.com");
    const valid = await current();
    for (const bad of [
      { firstOrderDiscountPercent: 90 },
      { supportEmail: "not an email" },
      { whatsappNumber: "+44 7700 900123" },
      { pendingOrderMinutes: 1 },
      { vatNumber: "GB 999 9999 74" },
      { companyNumber: "ABC" },
    ]) {
      await expect(
        saveShopSettings(db(), adminActor(admin), {
          ...{ ...valid, ...bad },
          version: await settingsVersion(db()),
        }),
      ).rejects.toThrow();
    }
    expect(await db().select().from(shopSettings)).toEqual([]);
    expect(await db().select().from(auditLog)).toEqual([]);
  });

  it("falls back to the default for a saved value that no longer passes its rule", async () => {
    await db()
      .insert(shopSettings)
      .values({ key: "shop", value: { shopName: "Gleam London", firstOrderDiscountPercent: 99 } });
    const settings = await getShopSettings(db());
    expect(settings.shopName).toBe("Gleam London");
    expect(settings.firstOrderDiscountPercent).toBe(10);
  });
});
