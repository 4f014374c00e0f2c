import { describe, expect, it } from "vitest";
import { parseEnv } from "../env";
import { publicConfigOf, settingsFromEnv } from "./shop-settings";

describe("shop settings", () => {
  it("are the product's by default", () => {
    const settings = settingsFromEnv(parseEnv({}));
    expect(settings).toMatchObject({
      shopName: "Gleam",
      supportHours: "Mon-Fri 9am-5pm UK time",
      shippingFlatRatePence: 399,
      freeShippingOverPence: 5000,
      firstOrderDiscountPercent: 10,
      pendingOrderMinutes: 30,
    });
  });

  it("follow the configuration", () => {
    const settings = settingsFromEnv(
      parseEnv({ FREE_SHIPPING_OVER_PENCE: "3999", FIRST_ORDER_DISCOUNT_PERCENT: "15" }),
    );
    expect(settings).toMatchObject({ freeShippingOverPence: 3999, firstOrderDiscountPercent: 15 });
  });

  it("refuses a discount or a threshold out of range", () => {
    expect(() => parseEnv({ FIRST_ORDER_DISCOUNT_PERCENT: "0" })).toThrow(
      /FIRST_ORDER_DISCOUNT_PERCENT/,
    );
    expect(() => parseEnv({ FIRST_ORDER_DISCOUNT_PERCENT: "12.5" })).toThrow(
      /FIRST_ORDER_DISCOUNT_PERCENT/,
    );
    expect(() => parseEnv({ FREE_SHIPPING_OVER_PENCE: "-1" })).toThrow(/FREE_SHIPPING_OVER_PENCE/);
  });

  it("give the browser only the allowlisted fields", () => {
    const config = parseEnv({ DATABASE_URL: "postgres://u:secret@h/db", SHOP_MODE: "demo" });
    const visible = publicConfigOf(settingsFromEnv(config), config);
    expect(Object.keys(visible).sort()).toEqual(
      [
        "baseUrl",
        "demoMode",
        "pricing",
        "shopName",
        "social",
        "supportEmail",
        "supportHours",
        "supportPhone",
        "whatsappNumber",
      ].sort(),
    );
    expect(JSON.stringify(visible)).not.toContain("secret");
  });
});
