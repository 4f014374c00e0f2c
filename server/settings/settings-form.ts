import { z } from "zod";
import { parsePounds } from "../../common/money";
import { openedVersionField } from "../audit/stale-save";
import { editableSettingsSchema } from "./shop-settings";

// The admin's settings form (app/components/admin/settings-form.tsx) as the settings' input: text
// fields, pounds to pence, the return reasons a line each. What the values must be is the settings
// module's schema (server/settings/shop-settings.ts).

const pounds = (message: string) =>
  z
    .string()
    .refine((text) => parsePounds(text) !== null, message)
    .transform((text) => parsePounds(text) ?? 0);

const wholeNumber = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, message)
    .transform(Number);

/** The settings form's fields as text; the settings module checks the values themselves. */
export const settingsFormSchema = z
  .object({
    shopName: z.string(),
    supportEmail: z.string(),
    supportPhone: z.string(),
    supportHours: z.string(),
    whatsappNumber: z.string(),
    shippingFlatRate: pounds("Enter the shipping in pounds, such as 3.99."),
    freeShippingOver: pounds("Enter the threshold in pounds, such as 50.00."),
    firstOrderDiscountPercent: wholeNumber("The discount is a whole number of percent."),
    pendingOrderMinutes: wholeNumber("Minutes are a whole number."),
    legalName: z.string(),
    businessAddress: z.string(),
    vatNumber: z.string(),
    companyNumber: z
      .string()
      .optional()
      .transform((text) => text ?? ""),
    returnWindowDays: wholeNumber("Days are a whole number."),
    reviewRequestDays: wholeNumber("Days are a whole number."),
    // One reason a line; blank lines are nothing.
    returnReasons: z.string().transform((text) =>
      text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    ),
    version: openedVersionField,
  })
  .transform(({ shippingFlatRate, freeShippingOver, ...rest }) => ({
    ...rest,
    shippingFlatRatePence: shippingFlatRate,
    freeShippingOverPence: freeShippingOver,
  }))
  .pipe(
    editableSettingsSchema
      .omit({
        abandonedReminderEnabled: true,
        abandonedReminderMinutes: true,
        backInStockFactor: true,
        campaignEmailsPerMinute: true,
        giftCardAmountsPence: true,
        giftCardCustomMinPence: true,
        giftCardCustomMaxPence: true,
      })
      .extend({ version: z.number().int().min(0).optional() }),
  );

/**
 * The checkout reminder's form, beside the abandoned checkouts (dashboard.admin-checkouts): on or
 * off, and its delay; the rest of the settings stay as saved.
 */
export const reminderSettingsFormSchema = z
  .object({
    // A checkbox: sent when ticked, absent otherwise.
    abandonedReminderEnabled: z
      .string()
      .optional()
      .transform((value) => value === "on"),
    abandonedReminderMinutes: wholeNumber("Minutes are a whole number."),
    version: openedVersionField,
  })
  .pipe(
    editableSettingsSchema
      .pick({ abandonedReminderEnabled: true, abandonedReminderMinutes: true })
      .extend({ version: z.number().int().min(0).optional() }),
  );

/** The back-in-stock alerts' setting, beside the alerts (dashboard.admin-stock-alerts). */
export const stockAlertSettingsFormSchema = z
  .object({
    backInStockFactor: wholeNumber("Alerts per unit are a whole number."),
    version: openedVersionField,
  })
  .pipe(
    editableSettingsSchema
      .pick({ backInStockFactor: true })
      .extend({ version: z.number().int().min(0).optional() }),
  );

/** The campaigns' sending rate, beside the campaigns (dashboard.admin-campaigns). */
export const campaignSettingsFormSchema = z
  .object({
    campaignEmailsPerMinute: wholeNumber("Emails a minute are a whole number."),
    version: openedVersionField,
  })
  .pipe(
    editableSettingsSchema
      .pick({ campaignEmailsPerMinute: true })
      .extend({ version: z.number().int().min(0).optional() }),
  );

/** The gift cards the shop sells, beside the gift cards (dashboard.admin-gift-cards). */
export const giftCardSettingsFormSchema = z
  .object({
    // "10, 25, 50" in pounds: each read, in the order given, once.
    giftCardAmounts: z
      .string()
      .transform((text) => text.split(/[,\s]+/).filter(Boolean))
      .refine(
        (amounts) => amounts.every((amount) => parsePounds(amount) !== null),
        "Give the amounts in pounds, separated by commas, such as 10, 25, 50.",
      )
      .transform((amounts) => [...new Set(amounts.map((amount) => parsePounds(amount) ?? 0))]),
    giftCardCustomMin: pounds("Enter the smallest custom amount in pounds, such as 5.00."),
    giftCardCustomMax: pounds("Enter the largest custom amount in pounds, such as 500.00."),
    version: openedVersionField,
  })
  .transform(({ giftCardAmounts, giftCardCustomMin, giftCardCustomMax, version }) => ({
    giftCardAmountsPence: giftCardAmounts,
    giftCardCustomMinPence: giftCardCustomMin,
    giftCardCustomMaxPence: giftCardCustomMax,
    ...(version === undefined ? {} : { version }),
  }))
  .pipe(
    editableSettingsSchema
      .pick({
        giftCardAmountsPence: true,
        giftCardCustomMinPence: true,
        giftCardCustomMaxPence: true,
      })
      .extend({ version: z.number().int().min(0).optional() }),
  );
