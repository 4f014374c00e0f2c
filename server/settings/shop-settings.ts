import { formatPenceInText } from "../../app/lib/money";
import type { PricingSettings } from "../../app/lib/pricing";
import type { PublicConfig } from "../../app/lib/public-config";
import type { Brand } from "../email/templates";
import { type Env, env } from "../env";

// The one reader of the shop's settings: its name and contacts, what it charges for shipping and
// takes off a first order, how long an unpaid order holds its stock, what the announcement bar
// says. Their source is the environment today (server/env.ts validates it); when the admin edits
// them, they come from the database here and nowhere else changes. Every reader awaits them, so
// that change needs no caller to change either.

export type ShopSettings = PricingSettings & {
  shopName: string;
  supportEmail: string;
  supportPhone: string;
  /** When the support team answers, as the site writes it. */
  supportHours: string;
  /** International format, digits only. */
  whatsappNumber: string;
  social: { instagram: string; facebook: string; tiktok: string };
  /** Minutes an unpaid order holds its stock before it is cancelled. */
  pendingOrderMinutes: number;
  /**
   * The announcement bar's three messages, in order (its phone version cycles through three). Today
   * written from the offers, so they never promise what the checkout does not give.
   */
  announcements: string[];
};

/** The shop's offers in the announcement bar's words (seed spec §2). */
function announcementsFor(pricing: PricingSettings): string[] {
  return [
    `Free shipping on orders over ${formatPenceInText(pricing.freeShippingOverPence)}`,
    "Enamel-Safe Dentist Recommended Formula",
    `Get ${pricing.firstOrderDiscountPercent}% off your first order`,
  ];
}

/** The settings a configuration gives; pure, so tests pass their own. */
export function settingsFromEnv(config: Env): ShopSettings {
  const pricing: PricingSettings = {
    shippingFlatRatePence: config.SHIPPING_FLAT_RATE_PENCE,
    freeShippingOverPence: config.FREE_SHIPPING_OVER_PENCE,
    firstOrderDiscountPercent: config.FIRST_ORDER_DISCOUNT_PERCENT,
  };
  return {
    ...pricing,
    shopName: config.SHOP_NAME,
    supportEmail: config.SUPPORT_EMAIL,
    supportPhone: config.SUPPORT_PHONE,
    supportHours: config.SUPPORT_HOURS,
    whatsappNumber: config.WHATSAPP_NUMBER,
    social: {
      instagram: config.SOCIAL_INSTAGRAM_URL,
      facebook: config.SOCIAL_FACEBOOK_URL,
      tiktok: config.SOCIAL_TIKTOK_URL,
    },
    pendingOrderMinutes: config.PENDING_ORDER_MINUTES,
    announcements: announcementsFor(pricing),
  };
}

let current: Promise<ShopSettings> | undefined;

export function getShopSettings(): Promise<ShopSettings> {
  current ??= Promise.resolve(settingsFromEnv(env));
  return current;
}

export function pricingOf(settings: ShopSettings): PricingSettings {
  return {
    shippingFlatRatePence: settings.shippingFlatRatePence,
    freeShippingOverPence: settings.freeShippingOverPence,
    firstOrderDiscountPercent: settings.firstOrderDiscountPercent,
  };
}

/** What the shop's emails show of it. */
export async function emailBrand(): Promise<Brand> {
  const settings = await getShopSettings();
  return {
    shopName: settings.shopName,
    baseUrl: env.BASE_URL,
    supportEmail: settings.supportEmail,
  };
}

/** What the browser may see (DESIGN §3 rule 6): an allowlist, never the whole configuration. */
export function publicConfigOf(settings: ShopSettings, config: Env = env): PublicConfig {
  return {
    shopName: settings.shopName,
    baseUrl: config.BASE_URL,
    demoMode: config.SHOP_MODE === "demo",
    supportEmail: settings.supportEmail,
    supportPhone: settings.supportPhone,
    supportHours: settings.supportHours,
    whatsappNumber: settings.whatsappNumber,
    social: settings.social,
    announcements: settings.announcements,
    pricing: pricingOf(settings),
  };
}

export async function publicConfig(): Promise<PublicConfig> {
  return publicConfigOf(await getShopSettings());
}

/** What a checkout needs: the prices' rules from the settings, the limits from the configuration. */
export async function checkoutSettings() {
  return {
    ...pricingOf(await getShopSettings()),
    attemptsPerMinute: env.CHECKOUT_ATTEMPTS_PER_MINUTE,
    maxUnitsPerOrder: env.MAX_UNITS_PER_ORDER,
  };
}
