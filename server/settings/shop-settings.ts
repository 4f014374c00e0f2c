import { eq } from "drizzle-orm";
import { z } from "zod";
import type { PricingSettings } from "../../common/checkout/pricing";
import {
  GIFT_CARD_MAX_PENCE,
  GIFT_CARD_MIN_PENCE,
  type GiftCardRange,
} from "../../common/gift-cards/gift-cards";
import {
  normaliseCompanyNumber,
  normaliseVatNumber,
  VAT_NUMBER_MESSAGE,
} from "../../common/invoices/vat-number";
import type { PublicConfig } from "../../common/public-config";
import { SETTINGS_TAG, tagPage } from "../cache/cache-tags";
import { getDb } from "../db/connection";
import type { Database } from "../db/database";
import { type Env, env } from "../env";
import { readUntilShopChanges } from "../events/shop-changed";
import { shopSettings } from "./schema";

// The one reader and writer of the shop's settings: its name and contacts, what it charges for
// shipping and takes off a first order, how long an unpaid order holds its stock, how it takes
// returns. The environment (server/env.ts) gives the defaults; what the admin saved
// (the shop_settings row) overrides them. Read through a short cache, emptied by every save on any
// instance (server/events/shop-changed.ts); SETTINGS_TTL_MS bounds it should a notification be lost.

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
  /** The business as its VAT invoices name it (server/invoices/). */
  legalName: string;
  /** One line, parts separated by commas; invoices print a part a line. */
  businessAddress: string;
  /** Normalised ("GB999999973"; common/invoices/vat-number.ts). */
  vatNumber: string;
  /** Companies House number, or empty. */
  companyNumber: string;
  /** Days after delivery a customer may ask to return items (server/returns/). */
  returnWindowDays: number;
  /** The reasons a customer picks from when asking for a return. */
  returnReasons: string[];
  /** Days after an order is marked delivered that its buyer is asked for a review (0: at once). */
  reviewRequestDays: number;
  /** Whether a customer who left an order unpaid gets one reminder (server/newsletter/). */
  abandonedReminderEnabled: boolean;
  /** Minutes after the order was left that the reminder goes. */
  abandonedReminderMinutes: number;
  /**
   * Back-in-stock alerts emailed per unit that comes back (server/stock-alerts/): some who hear
   * will not buy, but never so many that most find it gone again.
   */
  backInStockFactor: number;
  /** Newsletter campaign emails handed to the mail service per minute (server/newsletter/campaigns.ts). */
  campaignEmailsPerMinute: number;
  /** The gift cards the shop sells (server/gift-cards/): the owner's amounts, in pence. */
  giftCardAmountsPence: number[];
  /** A custom amount's limits, in pence. */
  giftCardCustomMinPence: number;
  giftCardCustomMaxPence: number;
};

/** A gift card's amount the shop may sell: £1.00 to £1,000.00 (common/gift-cards/gift-cards.ts). */
const giftCardPence = z
  .number()
  .int()
  .min(GIFT_CARD_MIN_PENCE, "Gift cards are £1.00 to £1,000.00.")
  .max(GIFT_CARD_MAX_PENCE, "Gift cards are £1.00 to £1,000.00.");

/** What the admin may change (social links stay with the environment). */
export const editableSettingsSchema = z.object({
  shopName: z
    .string()
    .trim()
    .min(1, "Enter the shop's name.")
    .max(60, "Keep the name under 60 characters."),
  supportEmail: z.email("Enter an email address, such as hello@example.com."),
  supportPhone: z
    .string()
    .trim()
    .min(5, "Enter a phone number.")
    .max(40, "Keep the phone number under 40 characters."),
  supportHours: z
    .string()
    .trim()
    .min(3, "Say when support answers.")
    .max(60, "Keep the hours under 60 characters."),
  whatsappNumber: z
    .string()
    .trim()
    .regex(
      /^[1-9]\d{6,14}$/,
      "Enter the WhatsApp number in digits only, with the country code: 447700900123.",
    ),
  shippingFlatRatePence: z.number().int().min(0).max(10_000, "Shipping is at most £100.00."),
  freeShippingOverPence: z
    .number()
    .int()
    .min(0)
    .max(1_000_000, "The threshold is at most £10,000.00."),
  firstOrderDiscountPercent: z
    .number()
    .int("The discount is a whole number of percent.")
    .min(1, "The discount is 1% to 50%.")
    .max(50, "The discount is 1% to 50%."),
  pendingOrderMinutes: z
    .number()
    .int("Minutes are a whole number.")
    .min(5, "Hold unpaid orders for 5 to 1440 minutes.")
    .max(1440, "Hold unpaid orders for 5 to 1440 minutes."),
  legalName: z
    .string()
    .trim()
    .min(1, "Enter the business's legal name.")
    .max(100, "Keep the legal name under 100 characters."),
  businessAddress: z
    .string()
    .trim()
    .min(5, "Enter the business's address.")
    .max(200, "Keep the address under 200 characters."),
  vatNumber: z.string().transform((text, context) => {
    const number = normaliseVatNumber(text);
    if (number === null) context.addIssue({ code: "custom", message: VAT_NUMBER_MESSAGE });
    return number ?? "";
  }),
  companyNumber: z.string().transform((text, context) => {
    if (text.trim() === "") return "";
    const number = normaliseCompanyNumber(text);
    if (number === null) {
      context.addIssue({
        code: "custom",
        message: "Enter the Companies House number: 8 digits, or 2 letters and 6 digits.",
      });
    }
    return number ?? "";
  }),
  returnWindowDays: z
    .number()
    .int("Days are a whole number.")
    .min(1, "Allow returns for 1 to 365 days.")
    .max(365, "Allow returns for 1 to 365 days."),
  returnReasons: z
    .array(
      z
        .string()
        .trim()
        .min(1, "A reason cannot be empty.")
        .max(80, "Keep each reason under 80 characters."),
    )
    .min(1, "Give at least one reason for a return.")
    .max(12, "Give at most 12 reasons for a return."),
  reviewRequestDays: z
    .number()
    .int("Days are a whole number.")
    .min(0, "Ask for a review 0 to 60 days after delivery.")
    .max(60, "Ask for a review 0 to 60 days after delivery."),
  abandonedReminderEnabled: z.boolean(),
  abandonedReminderMinutes: z
    .number()
    .int("Minutes are a whole number.")
    .min(15, "Send the reminder 15 to 1440 minutes after.")
    .max(1440, "Send the reminder 15 to 1440 minutes after."),
  backInStockFactor: z
    .number()
    .int("Alerts per unit are a whole number.")
    .min(1, "Email 1 to 20 alerts per unit back.")
    .max(20, "Email 1 to 20 alerts per unit back."),
  campaignEmailsPerMinute: z
    .number()
    .int("Emails a minute are a whole number.")
    .min(1, "Send 1 to 10,000 emails a minute.")
    .max(10_000, "Send 1 to 10,000 emails a minute."),
  giftCardAmountsPence: z
    .array(giftCardPence)
    .min(1, "Give at least one gift card amount.")
    .max(8, "Give at most 8 gift card amounts."),
  giftCardCustomMinPence: giftCardPence,
  giftCardCustomMaxPence: giftCardPence,
});
export type EditableSettings = z.infer<typeof editableSettingsSchema>;

/** The reasons a return may give until the admin writes the shop's own. */
const DEFAULT_RETURN_REASONS = [
  "Changed my mind",
  "Arrived damaged",
  "Wrong item sent",
  "Not as described",
  "Caused sensitivity",
  "Other",
];

/** The settings a configuration gives; pure, so tests pass their own. */
export function settingsFromEnv(config: Env): ShopSettings {
  return settingsFrom(config, {});
}

/**
 * The settings: what was saved, field by field over the configuration's defaults (a saved field
 * that no longer passes its rule is ignored, never fatal).
 */
function settingsFrom(config: Env, saved: unknown): ShopSettings {
  const record = (typeof saved === "object" && saved !== null ? saved : {}) as Record<
    string,
    unknown
  >;
  const pick = <K extends keyof EditableSettings>(
    key: K,
    fallback: EditableSettings[K],
  ): EditableSettings[K] => {
    const parsed = editableSettingsSchema.shape[key].safeParse(record[key]);
    return parsed.success ? (parsed.data as EditableSettings[K]) : fallback;
  };
  const pricing: PricingSettings = {
    shippingFlatRatePence: pick("shippingFlatRatePence", config.SHIPPING_FLAT_RATE_PENCE),
    freeShippingOverPence: pick("freeShippingOverPence", config.FREE_SHIPPING_OVER_PENCE),
    firstOrderDiscountPercent: pick(
      "firstOrderDiscountPercent",
      config.FIRST_ORDER_DISCOUNT_PERCENT,
    ),
  };
  return {
    ...pricing,
    shopName: pick("shopName", config.SHOP_NAME),
    supportEmail: pick("supportEmail", config.SUPPORT_EMAIL),
    supportPhone: pick("supportPhone", config.SUPPORT_PHONE),
    supportHours: pick("supportHours", config.SUPPORT_HOURS),
    whatsappNumber: pick("whatsappNumber", config.WHATSAPP_NUMBER),
    social: {
      instagram: config.SOCIAL_INSTAGRAM_URL,
      facebook: config.SOCIAL_FACEBOOK_URL,
      tiktok: config.SOCIAL_TIKTOK_URL,
    },
    pendingOrderMinutes: pick("pendingOrderMinutes", config.PENDING_ORDER_MINUTES),
    legalName: pick("legalName", config.BUSINESS_LEGAL_NAME),
    businessAddress: pick("businessAddress", config.BUSINESS_ADDRESS),
    vatNumber: pick("vatNumber", normaliseVatNumber(config.VAT_NUMBER) ?? ""),
    companyNumber: pick("companyNumber", normaliseCompanyNumber(config.COMPANY_NUMBER) ?? ""),
    returnWindowDays: pick("returnWindowDays", 30),
    returnReasons: pick("returnReasons", DEFAULT_RETURN_REASONS),
    // A whitening treatment takes 14 days: the review is asked for once it can be judged.
    reviewRequestDays: pick("reviewRequestDays", 14),
    abandonedReminderEnabled: pick("abandonedReminderEnabled", false),
    // Sooner than the default hold of unpaid orders (PENDING_ORDER_MINUTES, 30): the defaults are
    // valid together, so ticking the reminder on is all it takes.
    abandonedReminderMinutes: pick("abandonedReminderMinutes", 20),
    backInStockFactor: pick("backInStockFactor", 2),
    // A small shop's mail service (a free or starter plan) allows about this many.
    campaignEmailsPerMinute: pick("campaignEmailsPerMinute", 60),
    giftCardAmountsPence: pick("giftCardAmountsPence", [1000, 2500, 5000, 10000]),
    giftCardCustomMinPence: pick("giftCardCustomMinPence", 500),
    giftCardCustomMaxPence: pick("giftCardCustomMaxPence", 50000),
  };
}

/** The one row the saved settings live in. */
export const SETTINGS_KEY = "shop";
/** How long another instance may show settings older than a save. */
const SETTINGS_TTL_MS = 5_000;

/** The settings as saved in `db` (the environment's where none are), read now. */
export async function loadSettings(db: Database): Promise<ShopSettings> {
  const [row] = await db
    .select({ value: shopSettings.value })
    .from(shopSettings)
    .where(eq(shopSettings.key, SETTINGS_KEY));
  return settingsFrom(env, row?.value);
}

/**
 * The process-wide database's settings, read at most once per SETTINGS_TTL_MS and afresh after a
 * save here or on another instance (server/events/shop-changed.ts).
 */
const keptSettings = readUntilShopChanges(SETTINGS_TTL_MS, loadSettings);

/**
 * The shop's settings now: of the process-wide database through the short cache, or read from
 * `db` when one is given (tests, and callers holding their own handle).
 */
export async function getShopSettings(db?: Database): Promise<ShopSettings> {
  if (db) return loadSettings(db);
  return keptSettings(await getDb());
}

export function pricingOf(settings: ShopSettings): PricingSettings {
  return {
    shippingFlatRatePence: settings.shippingFlatRatePence,
    freeShippingOverPence: settings.freeShippingOverPence,
    firstOrderDiscountPercent: settings.firstOrderDiscountPercent,
  };
}

/** The business behind the shop, as every email discloses it (the Companies Act's trading disclosures). */
export type CompanyDetails = {
  legalName: string;
  /** Companies House number, or empty. */
  companyNumber: string;
  registeredOffice: string;
  /** Normalised ("GB999999973"), or empty. */
  vatNumber: string;
};

/** Who the shop's emails say they are from, and where their links lead. */
export type Brand = {
  shopName: string;
  baseUrl: string;
  supportEmail: string;
  company: CompanyDetails;
};

/** What the shop's emails show of it. */
export async function emailBrand(db?: Database): Promise<Brand> {
  const settings = await getShopSettings(db);
  return {
    shopName: settings.shopName,
    baseUrl: env.BASE_URL,
    supportEmail: settings.supportEmail,
    company: {
      legalName: settings.legalName,
      companyNumber: settings.companyNumber,
      registeredOffice: settings.businessAddress,
      vatNumber: settings.vatNumber,
    },
  };
}

/** What the browser may see (docs/architecture.md#layout rule 6): an allowlist, never the whole configuration. */
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
    pricing: pricingOf(settings),
  };
}

export async function publicConfig(): Promise<PublicConfig> {
  // Every page shows it (the root loader): every page carries the settings' tag.
  tagPage(SETTINGS_TAG);
  return publicConfigOf(await getShopSettings());
}

/** What a checkout needs: the prices' rules from the settings, the limits from the configuration. */
export async function checkoutSettings(db?: Database) {
  const settings = await getShopSettings(db);
  return {
    ...pricingOf(settings),
    pendingOrderMinutes: settings.pendingOrderMinutes,
    reminderMinutes: settings.abandonedReminderEnabled ? settings.abandonedReminderMinutes : null,
    attemptsPerMinute: env.CHECKOUT_ATTEMPTS_PER_MINUTE,
    maxUnitsPerOrder: env.MAX_UNITS_PER_ORDER,
    giftCardRange: giftCardRangeOf(settings),
  };
}

/** The gift cards the shop sells, as the checkout and the gift card page read them. */
export function giftCardRangeOf(settings: ShopSettings): GiftCardRange {
  return {
    amountsPence: settings.giftCardAmountsPence,
    customMinPence: settings.giftCardCustomMinPence,
    customMaxPence: settings.giftCardCustomMaxPence,
  };
}
