import { and, asc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { z } from "zod";
import {
  CODE_PATTERN,
  type DiscountKind,
  discountKinds,
  isCodeKind,
  normaliseCode,
} from "../../common/discounts/discounts";
import { type Actor, recordAudit } from "../audit/audit-log";
import { openedVersion, refuseStaleSave } from "../audit/stale-save";
import { categories, products } from "../catalog/schema";
import type { Database } from "../db/database";
import { refusingDuplicates } from "../db/errors";
import { DomainError } from "../errors";
import { discountCodes } from "./schema";

// The admin's discount codes (docs/admin.md, Discounts): created, edited and paused, each checked
// and written in one transaction with its audit row. A code's uses are the claims' business
// (code-claims.ts): the editor never writes `used_count`.

const CODE_TAKEN = "Another discount uses this code: choose another.";
const NOT_FOUND = "Discount code not found.";
export const optionalLimit = (message: string) =>
  z.number(message).int(message).min(1, message).max(1_000_000, message).nullable();

/** A day from 2000 on (an earlier one is a form's day that could not be read). */
export const shopDay = (message: string) =>
  z.date(message).min(new Date("2000-01-01T00:00:00Z"), message).nullable();

export const codeInputSchema = z
  .object({
    code: z
      .string()
      .transform(normaliseCode)
      .pipe(
        z.string().regex(CODE_PATTERN, "A code is 3 to 30 letters, digits, dashes or underscores."),
      ),
    kind: z.enum(discountKinds, "Choose what the code takes off."),
    /** Percent for "percent", pence for "fixed", unused for free delivery. */
    amount: z.number().int().min(0),
    minSpendPence: z
      .number("Enter the minimum spend in pounds, such as 30.00.")
      .int()
      .min(1, "Enter the minimum spend in pounds, such as 30.00.")
      .max(1_000_000, "The minimum spend is at most £10,000.00.")
      .nullable(),
    startsAt: shopDay("Enter the first day as dd/mm/yyyy, such as 01/12/2026."),
    endsAt: shopDay("Enter the last day as dd/mm/yyyy, such as 31/12/2026."),
    usageLimit: optionalLimit("The limit is a whole number of uses, 1 or more."),
    perCustomerLimit: optionalLimit("The limit per customer is a whole number, 1 or more."),
    /** Product slugs; the editor keeps their ids. */
    productSlugs: z.array(z.string().trim().min(1)).max(100),
    categoryIds: z.array(z.string().min(1).max(100)).max(100),
    active: z.boolean(),
    /** The code's version the admin opened (an edit): refused if it has moved on since. */
    version: openedVersion,
  })
  .superRefine((input, context) => {
    if (input.kind === "percent" && (input.amount < 1 || input.amount > 100)) {
      context.addIssue({
        code: "custom",
        path: ["amount"],
        message: "A percentage off is a whole number from 1 to 100.",
      });
    }
    if (input.kind === "fixed" && (input.amount < 1 || input.amount > 1_000_000)) {
      context.addIssue({
        code: "custom",
        path: ["amount"],
        message: "Enter the amount off in pounds, such as 5.00.",
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
export type CodeInput = z.infer<typeof codeInputSchema>;

/** The admin's words for the fields a save records, for a refused stale save. */
const fieldLabels: Record<string, string> = {
  code: "code",
  kind: "kind",
  percentOff: "amount",
  amountOffPence: "amount",
  minSpendPence: "minimum spend",
  startsAt: "first day",
  endsAt: "last day",
  usageLimit: "limit",
  perCustomerLimit: "limit per customer",
  productIds: "products",
  categoryIds: "category",
  active: "on or off",
};

export type AdminDiscountCode = Omit<
  typeof discountCodes.$inferSelect,
  "createdAt" | "updatedAt" | "productIds" | "code" | "kind"
> & {
  code: string;
  kind: DiscountKind;
  productSlugs: string[];
  /** The same products with their names, for the admin's picker. */
  products: { slug: string; name: string }[];
};

/** Every code (automatic offers are offer-editor.ts's), newest first, with its uses. */
export async function listDiscountCodes(db: Database): Promise<AdminDiscountCode[]> {
  const rows = await db
    .select()
    .from(discountCodes)
    .where(isNotNull(discountCodes.code))
    .orderBy(asc(discountCodes.code));
  const productIds = [...new Set(rows.flatMap((row) => row.productIds))];
  const named = productIds.length
    ? await db
        .select({ id: products.id, slug: products.slug, name: products.name })
        .from(products)
        .where(inArray(products.id, productIds))
    : [];
  const productOf = new Map(named.map(({ id, ...product }) => [id, product]));
  return rows.flatMap(({ createdAt: _created, updatedAt: _updated, productIds: ids, ...row }) => {
    const { code, kind } = row;
    if (code === null || !isCodeKind(kind)) return [];
    const chosen = ids.flatMap((id) => productOf.get(id) ?? []);
    return [
      {
        ...row,
        code,
        kind,
        productSlugs: chosen.map((product) => product.slug),
        products: chosen,
      },
    ];
  });
}

/** The products' ids, sorted, from their slugs; an unknown slug is refused on `field`. */
export async function productIdsOf(
  tx: Database,
  productSlugs: readonly string[],
  field: string,
): Promise<string[]> {
  const slugs = [...new Set(productSlugs)];
  const found = slugs.length
    ? await tx
        .select({ id: products.id, slug: products.slug })
        .from(products)
        .where(inArray(products.slug, slugs))
    : [];
  const missing = slugs.filter((slug) => !found.some((row) => row.slug === slug));
  if (missing.length > 0) {
    throw new DomainError("BAD_REQUEST", `No product has the slug ${missing[0]}.`, field);
  }
  return found.map((row) => row.id).sort();
}

/** The row to write: the amount in its column, slugs to product ids (an unknown one refused). */
async function rowOf(tx: Database, input: CodeInput) {
  const productIds = await productIdsOf(tx, input.productSlugs, "productSlugs");
  const known = input.categoryIds.length
    ? await tx
        .select({ id: categories.id })
        .from(categories)
        .where(inArray(categories.id, input.categoryIds))
    : [];
  if (known.length !== new Set(input.categoryIds).size) {
    throw new DomainError("BAD_REQUEST", "One of the categories no longer exists.", "categoryIds");
  }
  return {
    code: input.code,
    kind: input.kind,
    percentOff: input.kind === "percent" ? input.amount : null,
    amountOffPence: input.kind === "fixed" ? input.amount : null,
    minSpendPence: input.minSpendPence,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    usageLimit: input.usageLimit,
    perCustomerLimit: input.perCustomerLimit,
    productIds,
    categoryIds: [...new Set(input.categoryIds)].sort(),
    active: input.active,
  };
}

const codeTaken = () => new DomainError("CONFLICT", CODE_TAKEN, "code");

export async function createDiscountCode(
  db: Database,
  actor: Actor,
  input: CodeInput,
): Promise<string> {
  const parsed = codeInputSchema.parse(input);
  return refusingDuplicates("discount_codes_code_idx", codeTaken, () =>
    db.transaction(async (tx) => {
      const row = await rowOf(tx, parsed);
      const [taken] = await tx
        .select({ id: discountCodes.id })
        .from(discountCodes)
        .where(eq(discountCodes.code, row.code));
      if (taken) throw codeTaken();
      const [created] = await tx
        .insert(discountCodes)
        .values(row)
        .returning({ id: discountCodes.id });
      if (!created) throw new Error("the discount code insert returned nothing");
      await recordAudit(tx, {
        actor,
        action: "discount_code.created",
        entity: { type: "discount_code", id: created.id },
        after: row,
      });
      return created.id;
    }),
  );
}

/**
 * Saves a code's terms; a paused code takes no new orders (orders already made with it keep their
 * use). A limit below the uses already held is refused.
 */
export async function updateDiscountCode(
  db: Database,
  actor: Actor,
  id: string,
  input: CodeInput,
): Promise<void> {
  const parsed = codeInputSchema.parse(input);
  await refusingDuplicates("discount_codes_code_idx", codeTaken, () =>
    db.transaction(async (tx) => {
      await saveTerms(
        tx,
        actor,
        { id, kind: "discount_code", opened: parsed.version, labels: fieldLabels },
        () => rowOf(tx, parsed),
      );
    }),
  );
}

/** The row a save writes, as the code's and the offer's editors both give it. */
type TermsRow = Partial<typeof discountCodes.$inferInsert> & {
  usageLimit: number | null;
  active: boolean;
};

/**
 * Saves a code's or an automatic offer's terms (offer-editor.ts) on its locked row, one version
 * up, audited with what changed: refused when the admin's form opened an older version, or when
 * the limit is below the uses already held.
 */
export async function saveTerms(
  tx: Database,
  actor: Actor,
  target: {
    id: string;
    kind: "discount_code" | "offer";
    opened: number | undefined;
    labels: Readonly<Record<string, string>>;
  },
  rowOfInput: () => Promise<TermsRow>,
): Promise<void> {
  const { id, kind } = target;
  const [before] = await tx
    .select()
    .from(discountCodes)
    .where(
      and(
        eq(discountCodes.id, id),
        kind === "offer" ? isNull(discountCodes.code) : isNotNull(discountCodes.code),
      ),
    )
    .for("update");
  const noun = kind === "offer" ? "offer" : "discount code";
  if (!before)
    throw new DomainError("NOT_FOUND", kind === "offer" ? "Offer not found." : NOT_FOUND);
  await refuseStaleSave(tx, {
    entity: { type: kind, id },
    noun,
    current: before.version,
    opened: target.opened,
    labels: target.labels,
  });
  const row = await rowOfInput();
  if (row.usageLimit !== null && row.usageLimit < before.usedCount) {
    throw new DomainError(
      "BAD_REQUEST",
      `The ${kind === "offer" ? "offer" : "code"} is already used ${before.usedCount} times: the limit cannot be lower.`,
      "usageLimit",
    );
  }
  const changed = (Object.keys(row) as (keyof typeof row)[]).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(row[key]),
  );
  if (changed.length === 0) return;
  // A new version: pending orders priced with the old terms are priced again before they are
  // paid (server/checkout/checkout-service.ts, orderStillPriced).
  const version = before.version + 1;
  await tx
    .update(discountCodes)
    .set({ ...row, version })
    .where(eq(discountCodes.id, id));
  await recordAudit(tx, {
    actor,
    action: before.active && !row.active ? `${kind}.paused` : `${kind}.updated`,
    entity: { type: kind, id },
    before: Object.fromEntries(changed.map((key) => [key, before[key]])),
    after: { ...Object.fromEntries(changed.map((key) => [key, row[key]])), version },
  });
}
