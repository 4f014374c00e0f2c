import { asc, eq, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { PricingSettings } from "../../common/checkout/pricing";
import type { DeliveryOption } from "../../common/delivery/delivery";
import { type Actor, recordAudit } from "../audit/audit-log";
import { openedVersion, refuseStaleSave } from "../audit/stale-save";
import { SETTINGS_TAG } from "../cache/cache-tags";
import { enqueuePurge } from "../cache/purge-jobs";
import type { Database } from "../db/database";
import { DomainError } from "../errors";
import { shopChanged } from "../events/shop-changed";
import { deliveryMethods } from "./schema";
import { deliveryWindow } from "./working-days";

// The ways to deliver (docs/decisions/042): what the checkout offers, with each one's price and
// the days an order paid now would arrive, and the admin's editor. The standard delivery is priced
// by the settings (the rate and threshold the announcement bar promises); it cannot be switched
// off, so a checkout always has a way to deliver.

export const DELIVERY_UNAVAILABLE = "This delivery option is not available. Please choose another.";
const NOT_FOUND = "Delivery method not found.";
const DAYS_MESSAGE = "Working days are whole numbers from 1 to 30.";

type MethodRow = typeof deliveryMethods.$inferSelect;

function optionOf(row: MethodRow, pricing: PricingSettings, now: Date): DeliveryOption {
  const { from, to } = deliveryWindow(row, now);
  return {
    id: row.id,
    name: row.name,
    standard: row.standard,
    pricePence: row.standard ? pricing.shippingFlatRatePence : (row.pricePence ?? 0),
    freeOverPence: row.standard ? pricing.freeShippingOverPence : row.freeOverPence,
    minWorkingDays: row.minWorkingDays,
    maxWorkingDays: row.maxWorkingDays,
    cutoffMinutes: row.cutoffMinutes,
    from,
    to,
  };
}

/** What the checkout offers, in the admin's order: the active methods priced and dated for `now`. */
export async function deliveryOptions(
  db: Database,
  pricing: PricingSettings,
  now = new Date(),
): Promise<DeliveryOption[]> {
  const rows = await db
    .select()
    .from(deliveryMethods)
    .where(eq(deliveryMethods.active, true))
    .orderBy(asc(deliveryMethods.position), asc(deliveryMethods.name));
  return rows.map((row) => optionOf(row, pricing, now));
}

/**
 * The method a checkout chose, priced and dated for `now`; without a choice, the standard
 * delivery. A method switched off or unknown is refused.
 */
export async function chosenDelivery(
  db: Database,
  id: string | undefined,
  pricing: PricingSettings,
  now = new Date(),
): Promise<DeliveryOption & { version: number }> {
  const [row] = await db
    .select()
    .from(deliveryMethods)
    .where(id === undefined ? eq(deliveryMethods.standard, true) : eq(deliveryMethods.id, id))
    .limit(1);
  if (!row?.active) throw new DomainError("BAD_REQUEST", DELIVERY_UNAVAILABLE, "deliveryMethodId");
  return { ...optionOf(row, pricing, now), version: row.version };
}

/**
 * For a query of orders: whether the delivery method an order was priced with (`methodId`, at
 * `version`, its columns named in full) is still offered as it was: there, switched on, and not
 * changed since (a version of null is an order from before methods had versions). None chosen is
 * always still offered. Read in the caller's statement.
 */
export function deliveryStillOffered(methodId: SQL, version: SQL): SQL<boolean> {
  return sql<boolean>`(${methodId} is null or exists (select 1 from ${deliveryMethods} offered where offered.id = ${methodId} and offered.active and (${version} is null or offered.version = ${version})))`;
}

const workingDays = z
  .number(DAYS_MESSAGE)
  .int(DAYS_MESSAGE)
  .min(1, DAYS_MESSAGE)
  .max(30, DAYS_MESSAGE);

/** A method as the admin writes it; the standard delivery's price fields are not read. */
export const deliveryMethodInputSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, "Give the delivery method a name.")
      .max(60, "Keep the name under 60 characters."),
    pricePence: z
      .number()
      .int()
      .min(0, "Enter the price in pounds, such as 5.99.")
      .max(10_000, "Delivery is at most £100.00."),
    freeOverPence: z
      .number()
      .int()
      .min(0, "Enter the threshold in pounds, such as 50.00.")
      .max(1_000_000, "The threshold is at most £10,000.00.")
      .nullable(),
    minWorkingDays: workingDays,
    maxWorkingDays: workingDays,
    cutoffMinutes: z
      .number("Enter the cut-off as a time, such as 14:00.")
      .int()
      .min(0, "Enter the cut-off as a time, such as 14:00.")
      .max(1439, "Enter the cut-off as a time, such as 14:00."),
    active: z.boolean(),
    position: z
      .number()
      .int("The position is a whole number from 0 to 1000.")
      .min(0, "The position is a whole number from 0 to 1000.")
      .max(1000, "The position is a whole number from 0 to 1000."),
    /** The method's version the admin opened (an edit): refused if it has moved on since. */
    version: openedVersion,
  })
  .refine((method) => method.maxWorkingDays >= method.minWorkingDays, {
    message: "The latest day cannot come before the soonest.",
    path: ["maxWorkingDays"],
  });
export type DeliveryMethodInput = z.infer<typeof deliveryMethodInputSchema>;

/** The admin's words for the fields a save records, for a refused stale save. */
const fieldLabels: Record<string, string> = {
  name: "name",
  pricePence: "price",
  freeOverPence: "free-over threshold",
  minWorkingDays: "soonest day",
  maxWorkingDays: "latest day",
  cutoffMinutes: "cut-off",
  active: "on or off",
  position: "position",
};

export type AdminDeliveryMethod = Omit<MethodRow, "createdAt" | "updatedAt">;

/** Every method, on or off, in the checkout's order. */
export async function listDeliveryMethods(db: Database): Promise<AdminDeliveryMethod[]> {
  return db
    .select({
      id: deliveryMethods.id,
      name: deliveryMethods.name,
      standard: deliveryMethods.standard,
      pricePence: deliveryMethods.pricePence,
      freeOverPence: deliveryMethods.freeOverPence,
      minWorkingDays: deliveryMethods.minWorkingDays,
      maxWorkingDays: deliveryMethods.maxWorkingDays,
      cutoffMinutes: deliveryMethods.cutoffMinutes,
      active: deliveryMethods.active,
      position: deliveryMethods.position,
      version: deliveryMethods.version,
    })
    .from(deliveryMethods)
    .orderBy(asc(deliveryMethods.position), asc(deliveryMethods.name));
}

export async function createDeliveryMethod(
  db: Database,
  actor: Actor,
  input: DeliveryMethodInput,
): Promise<string> {
  const { version: _opened, ...method } = deliveryMethodInputSchema.parse(input);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(deliveryMethods)
      .values({ ...method, standard: false })
      .returning({ id: deliveryMethods.id });
    if (!row) throw new Error("the delivery method insert returned nothing");
    await recordAudit(tx, {
      actor,
      action: "delivery_method.created",
      entity: { type: "delivery_method", id: row.id },
      after: method,
    });
    await enqueuePurge(tx, [SETTINGS_TAG]);
    return row.id;
  });
  shopChanged();
  return id;
}

export async function updateDeliveryMethod(
  db: Database,
  actor: Actor,
  id: string,
  input: DeliveryMethodInput,
): Promise<void> {
  const { version: opened, ...parsed } = deliveryMethodInputSchema.parse(input);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(deliveryMethods)
      .where(eq(deliveryMethods.id, id))
      .for("update");
    if (!before) throw new DomainError("NOT_FOUND", NOT_FOUND);
    await refuseStaleSave(tx, {
      entity: { type: "delivery_method", id },
      noun: "delivery method",
      current: before.version,
      opened,
      labels: fieldLabels,
    });
    // The standard delivery keeps the settings' price and is always on offer.
    const method = before.standard
      ? { ...parsed, pricePence: null, freeOverPence: null, active: true }
      : parsed;
    const changed = (Object.keys(method) as (keyof typeof method)[]).filter(
      (key) => before[key] !== method[key],
    );
    if (changed.length === 0) return;
    // A new version: pending orders priced with the old one are priced again before they are
    // paid (server/checkout/checkout-service.ts, orderStillPriced).
    const version = before.version + 1;
    await tx
      .update(deliveryMethods)
      .set({ ...method, version })
      .where(eq(deliveryMethods.id, id));
    await enqueuePurge(tx, [SETTINGS_TAG]);
    await recordAudit(tx, {
      actor,
      action: "delivery_method.updated",
      entity: { type: "delivery_method", id },
      before: Object.fromEntries(changed.map((key) => [key, before[key]])),
      after: { ...Object.fromEntries(changed.map((key) => [key, method[key]])), version },
    });
  });
  shopChanged();
}
