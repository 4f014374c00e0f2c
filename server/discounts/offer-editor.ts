import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { z } from "zod";
import { offerKinds } from "../../common/discounts/offers";
import { parsePounds } from "../../common/money";
import { type Actor, recordAudit } from "../audit/audit-log";
import { openedVersion, openedVersionField } from "../audit/stale-save";
import { OFFERS_TAG } from "../cache/cache-tags";
import { enqueuePurge } from "../cache/purge-jobs";
import { products } from "../catalog/schema";
import type { Database } from "../db/database";
import { DomainError } from "../errors";
import { shopChanged } from "../events/shop-changed";
import { optionalLimit, productIdsOf, saveTerms, shopDay } from "./code-editor";
import { optionalDay, optionalText, optionalWhole } from "./discount-form";
import { discountCodes } from "./schema";

// The admin's automatic offers (docs/admin.md, Offers; docs/decisions/070): created, edited and
// paused like codes (code-editor.ts's saveTerms), each save audited, and the storefront's pages
// that show offers purged from the shared cache and read afresh on every instance.

const UNREADABLE = -1;
const count = (message: string) => z.number(message).int(message).min(1, message).max(100, message);

const offerInputSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, "Give the offer a name shoppers will see.")
      .max(60, "Keep the name under 60 characters."),
    kind: z.enum(offerKinds, "Choose the kind of offer."),
    buyQuantity: count("Buy 1 to 100 items."),
    getQuantity: count("Get 1 to 100 items."),
    percentOff: count("The items got are 1% to 100% off (100: free)."),
    /** The products a "buy" offer counts (slugs; the editor keeps their ids). */
    productSlugs: z.array(z.string().trim().min(1)).max(100),
    spendOverPence: z
      .number("Enter the spend in pounds, such as 50.00.")
      .int()
      .min(0, "Enter the spend in pounds, such as 50.00.")
      .max(1_000_000, "The spend is at most £10,000.00."),
    giftProductId: z.string().max(100),
    startsAt: shopDay("Enter the first day as dd/mm/yyyy, such as 01/12/2026."),
    endsAt: shopDay("Enter the last day as dd/mm/yyyy, such as 31/12/2026."),
    usageLimit: optionalLimit("The limit is a whole number of orders, 1 or more."),
    perCustomerLimit: optionalLimit("The limit per customer is a whole number, 1 or more."),
    active: z.boolean(),
    version: openedVersion,
  })
  .superRefine((input, context) => {
    if (input.kind === "buy_get" && input.productSlugs.length === 0) {
      context.addIssue({
        code: "custom",
        path: ["productSlugs"],
        message: "Choose the products the offer counts.",
      });
    }
    if (input.kind === "spend_get" && input.giftProductId === "") {
      context.addIssue({
        code: "custom",
        path: ["giftProductId"],
        message: "Choose the product given free.",
      });
    }
    if (input.startsAt && input.endsAt && input.endsAt <= input.startsAt) {
      context.addIssue({
        code: "custom",
        path: ["endsAt"],
        message: "The last day cannot come before the first.",
      });
    }
  });
export type OfferInput = z.infer<typeof offerInputSchema>;

/** The admin's form (app/components/admin/offer-form.tsx) as the editor's input. */
export const offerFormSchema = z
  .object({
    id: z.string().min(1).max(100).optional(),
    title: z.string(),
    kind: z.string(),
    buy: optionalWhole,
    get: optionalWhole,
    percent: optionalWhole,
    products: optionalText,
    spendOver: optionalText,
    gift: optionalText,
    startsOn: optionalDay(false),
    endsOn: optionalDay(true),
    usageLimit: optionalWhole,
    perCustomerLimit: optionalWhole,
    active: z
      .literal("on")
      .optional()
      .transform((value) => value === "on"),
    version: openedVersionField,
  })
  .transform(({ id, buy, get, percent, products, spendOver, gift, startsOn, endsOn, ...rest }) => ({
    ...rest,
    ...(id ? { id } : {}),
    // A field of the other kind is not asked for: it takes a value the editor accepts and ignores.
    buyQuantity: rest.kind === "buy_get" ? (buy ?? UNREADABLE) : 1,
    getQuantity: rest.kind === "buy_get" ? (get ?? UNREADABLE) : 1,
    percentOff: rest.kind === "buy_get" ? (percent ?? UNREADABLE) : 100,
    productSlugs: products
      .split(",")
      .map((slug) => slug.trim().toLowerCase())
      .filter(Boolean),
    spendOverPence: rest.kind === "spend_get" ? (parsePounds(spendOver) ?? UNREADABLE) : 0,
    giftProductId: gift,
    startsAt: startsOn,
    endsAt: endsOn,
  }))
  .pipe(offerInputSchema.safeExtend({ id: z.string().optional() }));

/** The admin's words for the fields a save records, for a refused stale save. */
const fieldLabels: Record<string, string> = {
  title: "name",
  kind: "kind",
  buyQuantity: "items bought",
  getQuantity: "items got",
  percentOff: "percent off",
  productIds: "products",
  spendOverPence: "spend",
  giftProductId: "free product",
  startsAt: "first day",
  endsAt: "last day",
  usageLimit: "limit",
  perCustomerLimit: "limit per customer",
  active: "on or off",
};

/** The row to write: only the kind's own terms, product slugs to ids (an unknown one refused). */
async function offerRowOf(tx: Database, input: OfferInput) {
  const buy = input.kind === "buy_get";
  const productIds = buy ? await productIdsOf(tx, input.productSlugs, "productSlugs") : [];
  if (!buy) {
    const [gift] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, input.giftProductId), eq(products.active, true)));
    if (!gift) {
      throw new DomainError("BAD_REQUEST", "That product is not on sale.", "giftProductId");
    }
  }
  return {
    title: input.title,
    kind: input.kind,
    buyQuantity: buy ? input.buyQuantity : null,
    getQuantity: buy ? input.getQuantity : null,
    percentOff: buy ? input.percentOff : null,
    productIds,
    spendOverPence: buy ? null : input.spendOverPence,
    giftProductId: buy ? null : input.giftProductId,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    usageLimit: input.usageLimit,
    perCustomerLimit: input.perCustomerLimit,
    active: input.active,
  };
}

/** Every offer, by name, with its uses and its products as the admin's picker shows them. */
export async function listOffers(db: Database) {
  const rows = await db
    .select()
    .from(discountCodes)
    .where(isNull(discountCodes.code))
    .orderBy(asc(discountCodes.title));
  const ids = [...new Set(rows.flatMap((row) => row.productIds))];
  const named = ids.length
    ? await db
        .select({ id: products.id, slug: products.slug, name: products.name })
        .from(products)
        .where(inArray(products.id, ids))
    : [];
  const productOf = new Map(named.map(({ id, ...product }) => [id, product]));
  return rows.map((row) => ({
    id: row.id,
    title: row.title ?? "",
    kind: row.kind === "spend_get" ? ("spend_get" as const) : ("buy_get" as const),
    buyQuantity: row.buyQuantity,
    getQuantity: row.getQuantity,
    percentOff: row.percentOff,
    products: row.productIds.flatMap((id) => productOf.get(id) ?? []),
    spendOverPence: row.spendOverPence,
    giftProductId: row.giftProductId,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    active: row.active,
    usedCount: row.usedCount,
    version: row.version,
  }));
}

/** The products an offer may give free: those on sale, by name. */
export function giftChoices(db: Database) {
  return db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(eq(products.active, true))
    .orderBy(asc(products.name));
}

export async function createOffer(db: Database, actor: Actor, input: OfferInput): Promise<string> {
  const parsed = offerInputSchema.parse(input);
  const id = await db.transaction(async (tx) => {
    const row = await offerRowOf(tx, parsed);
    const [created] = await tx
      .insert(discountCodes)
      .values(row)
      .returning({ id: discountCodes.id });
    if (!created) throw new Error("the offer insert returned nothing");
    await recordAudit(tx, {
      actor,
      action: "offer.created",
      entity: { type: "offer", id: created.id },
      after: row,
    });
    await enqueuePurge(tx, [OFFERS_TAG]);
    return created.id;
  });
  shopChanged();
  return id;
}

/** Saves an offer's terms; a paused offer applies to no new order (orders made keep their use). */
export async function updateOffer(
  db: Database,
  actor: Actor,
  id: string,
  input: OfferInput,
): Promise<void> {
  const parsed = offerInputSchema.parse(input);
  await db.transaction(async (tx) => {
    await saveTerms(
      tx,
      actor,
      { id, kind: "offer", opened: parsed.version, labels: fieldLabels },
      () => offerRowOf(tx, parsed),
    );
    await enqueuePurge(tx, [OFFERS_TAG]);
  });
  shopChanged();
}
