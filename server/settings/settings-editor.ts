import { eq } from "drizzle-orm";
import { type Actor, recordAudit } from "../audit/audit-log";
import { refuseStaleSave } from "../audit/stale-save";
import { SETTINGS_TAG } from "../cache/cache-tags";
import { enqueuePurge } from "../cache/purge-jobs";
import type { Database } from "../db/database";
import { DomainError } from "../errors";
import { shopChanged } from "../events/shop-changed";
import { shopSettings } from "./schema";
import {
  type EditableSettings,
  editableSettingsSchema,
  loadSettings,
  SETTINGS_KEY,
  type ShopSettings,
} from "./shop-settings";

// The admin's settings editor (dashboard.admin-settings): the saved version its form opens with,
// and the save, checked, versioned and audited. Reading the settings is shop-settings.ts.

/** The saved settings' version, read afresh (not through the cache) for the admin's form; 0 before the first save. */
export async function settingsVersion(db: Database): Promise<number> {
  const [row] = await db
    .select({ version: shopSettings.version })
    .from(shopSettings)
    .where(eq(shopSettings.key, SETTINGS_KEY));
  return row?.version ?? 0;
}

/**
 * The settings as they would be saved, checked as a whole; a refusal names a field the save
 * changed.
 */
function checkedSettings(
  merged: EditableSettings,
  given: Partial<EditableSettings>,
): EditableSettings {
  const value = editableSettingsSchema.parse(merged);
  // A reminder is about an order still holding its stock: it must go before the order lets go.
  if (
    value.abandonedReminderEnabled &&
    value.abandonedReminderMinutes >= value.pendingOrderMinutes
  ) {
    const reminderSaved =
      "abandonedReminderMinutes" in given || "abandonedReminderEnabled" in given;
    throw reminderSaved
      ? new DomainError(
          "BAD_REQUEST",
          `Send the reminder sooner than unpaid orders are cancelled (after ${value.pendingOrderMinutes} minutes): remind sooner, or hold them for longer in the settings.`,
          "abandonedReminderMinutes",
        )
      : new DomainError(
          "BAD_REQUEST",
          `Hold unpaid orders for longer than the checkout reminder's delay (${value.abandonedReminderMinutes} minutes), or remind sooner.`,
          "pendingOrderMinutes",
        );
  }
  if (value.giftCardCustomMinPence > value.giftCardCustomMaxPence) {
    throw new DomainError(
      "BAD_REQUEST",
      "The smallest custom amount cannot be more than the largest.",
      "giftCardCustomMinPence",
    );
  }
  return value;
}

/** The admin's words for the settings a save records, for a refused stale save. */
const settingsLabels: Record<string, string> = {
  shopName: "shop name",
  supportEmail: "support email",
  supportPhone: "support phone",
  supportHours: "support hours",
  whatsappNumber: "WhatsApp number",
  shippingFlatRatePence: "shipping rate",
  freeShippingOverPence: "free shipping threshold",
  firstOrderDiscountPercent: "first-order discount",
  pendingOrderMinutes: "unpaid order hold",
  legalName: "legal name",
  businessAddress: "business address",
  vatNumber: "VAT number",
  companyNumber: "company number",
  returnWindowDays: "return window",
  returnReasons: "return reasons",
  reviewRequestDays: "review request delay",
  abandonedReminderEnabled: "checkout reminder",
  abandonedReminderMinutes: "checkout reminder delay",
  backInStockFactor: "back-in-stock alerts per unit",
  campaignEmailsPerMinute: "campaign emails a minute",
  giftCardAmountsPence: "gift card amounts",
  giftCardCustomMinPence: "smallest custom gift card",
  giftCardCustomMaxPence: "largest custom gift card",
};

/**
 * The admin saves settings: those given (the settings screen's, or the checkout reminder's beside
 * the abandoned checkouts), the rest kept as saved; all checked together, written with an audit
 * row (what changed, before and after) in one transaction; then this instance reads them afresh
 * and its pages are rendered again.
 */
export async function saveShopSettings(
  db: Database,
  actor: Actor,
  changes: Partial<EditableSettings> & {
    /** The version the admin's form opened (settingsVersion): refused if saved since. */
    version?: number | undefined;
  },
): Promise<ShopSettings> {
  const { version: opened, ...given } = changes;
  await db.transaction(async (tx) => {
    // The saved row, locked: two admins' saves take turns, and the later one from an older
    // version is refused rather than undoing the earlier.
    const [saved] = await tx
      .select({ version: shopSettings.version })
      .from(shopSettings)
      .where(eq(shopSettings.key, SETTINGS_KEY))
      .for("update");
    const current = saved?.version ?? 0;
    await refuseStaleSave(tx, {
      entity: { type: "settings", id: SETTINGS_KEY },
      noun: "settings",
      plural: true,
      current,
      opened,
      labels: settingsLabels,
    });
    const before = await loadSettings(tx);
    const asSaved = Object.fromEntries(
      Object.keys(editableSettingsSchema.shape).map((key) => [
        key,
        before[key as keyof ShopSettings],
      ]),
    ) as EditableSettings;
    const value = checkedSettings({ ...asSaved, ...given }, given);
    const version = current + 1;
    await tx
      .insert(shopSettings)
      .values({ key: SETTINGS_KEY, value, updatedBy: actor.id, version })
      .onConflictDoUpdate({
        target: shopSettings.key,
        set: { value, updatedBy: actor.id, updatedAt: new Date(), version },
      });
    const changed = (Object.keys(value) as (keyof EditableSettings)[]).filter(
      (key) => JSON.stringify(before[key]) !== JSON.stringify(value[key]),
    );
    await recordAudit(tx, {
      actor,
      action: "settings.updated",
      entity: { type: "settings", id: SETTINGS_KEY },
      before: Object.fromEntries(changed.map((key) => [key, before[key]])),
      after: { ...Object.fromEntries(changed.map((key) => [key, value[key]])), version },
    });
    await enqueuePurge(tx, [SETTINGS_TAG]);
  });
  shopChanged();
  return loadSettings(db);
}
