import { and, asc, eq, ne } from "drizzle-orm";
import { type Actor, recordAudit } from "../audit/audit-log";
import { refuseStaleSave } from "../audit/stale-save";
import { productPurgeTags } from "../cache/cache-tags";
import { enqueuePurge } from "../cache/purge-jobs";
import type { Database } from "../db/database";
import { refusingDuplicates } from "../db/errors";
import { DomainError } from "../errors";
import { shopChanged } from "../events/shop-changed";
import type { PreparedImage } from "../media/image-processing";
import { assertImageExists, storeImage } from "../media/image-store";
import { sanitizeProductHtml } from "./product-html";
import { type ProductInput, productInputSchema } from "./product-input";
import { productPictures, savePictures } from "./product-pictures";
import { categories, products, productVariants } from "./schema";
import {
  addVariants,
  assertSkusFree,
  assertVariantPictures,
  SKU_UNIQUE,
  saveVariantChanges,
  skuTakenError,
  type VariantChange,
} from "./variant-editor";

// The admin's writes to the catalogue: products and their variants created and
// edited, products archived and restored, all checked, each in one transaction with its audit row
// (nothing is ever half-saved), the description cleaned by the storefront's own rules. Stock is
// never set here: a new variant's starting stock is a restock, a later change an adjustment with
// its reason (server/stock). A new image (already checked and resized, server/media) is stored in
// the same transaction as the product that shows it. Every change empties this instance's page
// cache.

/** The image a saved product shows: a new upload stored now, or the chosen one, which must exist. */
async function imageFor(
  tx: Database,
  actor: Actor,
  chosen: string,
  upload: PreparedImage | null,
): Promise<string> {
  if (upload) return storeImage(tx, actor, upload);
  await assertImageExists(tx, chosen);
  return chosen;
}

// Every price is at least a penny: the shop gives nothing away through its checkout
// (docs/decisions/034-nothing-sold-for-nothing.md).

const UNKNOWN_CATEGORY = "Choose one of the shop's categories.";

async function assertCategoryExists(tx: Database, categoryId: string | null | undefined) {
  if (!categoryId) return;
  const [row] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, categoryId))
    .limit(1);
  if (!row) throw new DomainError("BAD_REQUEST", UNKNOWN_CATEGORY, "categoryId");
}

async function slugTaken(tx: Database, slug: string, except?: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(except ? and(eq(products.slug, slug), ne(products.id, except)) : eq(products.slug, slug))
    .limit(1);
  return row !== undefined;
}

const SLUG_TAKEN = "Another product uses this slug: choose another.";
const PRODUCT_SLUG_UNIQUE = "products_slug_unique";
const slugTakenError = () => new DomainError("CONFLICT", SLUG_TAKEN, "slug");

/** A save whose slug or SKU another save took meanwhile is refused as the checks would refuse it. */
const savingCatalogue = <T>(work: () => Promise<T>) =>
  refusingDuplicates(PRODUCT_SLUG_UNIQUE, slugTakenError, () =>
    refusingDuplicates(SKU_UNIQUE, skuTakenError, work),
  );

/** The editor's fields as an admin reads them, for "this product changed since you opened it". */
const fieldLabels: Record<string, string> = {
  name: "name",
  slug: "slug",
  descriptionHtml: "description",
  imageUrl: "image",
  imageAlt: "image description",
  categoryId: "category",
  featuredRank: "featured rank",
  seoTitle: "search title",
  seoDescription: "search description",
  optionNames: "options",
  images: "pictures",
  variants: "variants",
  addedVariants: "variants",
};

export async function createProduct(
  db: Database,
  actor: Actor,
  input: ProductInput,
  upload: PreparedImage | null = null,
) {
  const product = productInputSchema.parse(input);
  const id = await savingCatalogue(() =>
    db.transaction(async (tx) => {
      if (await slugTaken(tx, product.slug)) throw slugTakenError();
      await assertCategoryExists(tx, product.categoryId);
      await assertSkusFree(tx, null, product.variants);
      const imageUrl = await imageFor(tx, actor, product.imageUrl, upload);
      const now = new Date();
      const [row] = await tx
        .insert(products)
        .values({
          slug: product.slug,
          name: product.name,
          descriptionHtml: sanitizeProductHtml(product.descriptionHtml),
          imageUrl,
          imageAlt: product.imageAlt,
          categoryId: product.categoryId ?? null,
          featuredRank: product.featuredRank ?? 0,
          seoTitle: product.seoTitle ?? null,
          seoDescription: product.seoDescription ?? null,
          optionNames: product.optionNames ?? [],
          // A draft waits out of the shop until it is published.
          active: !product.draft,
          publishedAt: product.draft ? null : now,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: products.id });
      if (!row) throw new Error("the product insert returned nothing");
      await savePictures(tx, row.id, product.images ?? []);
      assertVariantPictures(product.variants, [
        imageUrl,
        ...(product.images ?? []).map((image) => image.url),
      ]);
      await addVariants(tx, row.id, product.variants, actor, now);
      await recordAudit(tx, {
        actor,
        action: "product.created",
        entity: { type: "product", id: row.id },
        after: {
          name: product.name,
          slug: product.slug,
          imageUrl,
          draft: product.draft ?? false,
          categoryId: product.categoryId ?? null,
          featuredRank: product.featuredRank ?? 0,
          seoTitle: product.seoTitle ?? null,
          seoDescription: product.seoDescription ?? null,
          optionNames: product.optionNames ?? [],
          images: product.images ?? [],
          variants: product.variants.map((variant) => ({
            name: variant.name,
            sku: variant.sku,
            pricePence: variant.pricePence,
            compareAtPricePence: variant.compareAtPricePence,
            startingStock: variant.startingStock,
          })),
        },
      });
      await enqueuePurge(tx, productPurgeTags(row.id));
      return row.id;
    }),
  );
  shopChanged();
  return id;
}

type ParsedProduct = ReturnType<typeof productInputSchema.parse>;
/**
 * The product's row and its variants, locked for the edit; refused when the product is gone, was
 * saved by someone else since the page opened, takes a slug in use or a category that is not
 * there, or names a variant of another product.
 */
async function lockForEdit(tx: Database, id: string, product: ParsedProduct) {
  const [before] = await tx.select().from(products).where(eq(products.id, id)).for("update");
  if (!before) throw new DomainError("NOT_FOUND", "Product not found.");
  await refuseStaleSave(tx, {
    entity: { type: "product", id },
    noun: "product",
    current: before.version,
    opened: product.version,
    labels: fieldLabels,
  });
  if (await slugTaken(tx, product.slug, id)) throw slugTakenError();
  await assertCategoryExists(tx, product.categoryId);
  await assertSkusFree(tx, id, product.variants);
  const existing = await tx
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, id))
    .orderBy(asc(productVariants.createdAt), asc(productVariants.id))
    .for("update");
  const known = new Map(existing.map((variant) => [variant.id, variant]));
  for (const variant of product.variants) {
    if (variant.id && !known.has(variant.id)) {
      throw new DomainError("BAD_REQUEST", "A variant of another product cannot be edited here.");
    }
  }
  return { before, existing, known };
}

/** The audit row of a product's edit: the fields and variants before and after, the new version. */
function productUpdateAudit(edit: {
  changedFields: readonly string[];
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  variantChanges: readonly VariantChange[];
  added: ParsedProduct["variants"];
  version: number;
}) {
  const { changedFields, variantChanges, added } = edit;
  const variants = (side: "before" | "after") =>
    variantChanges.length > 0
      ? { variants: variantChanges.map((change) => ({ id: change.id, ...change[side] })) }
      : {};
  return {
    before: {
      ...Object.fromEntries(changedFields.map((key) => [key, edit.before[key]])),
      ...variants("before"),
    },
    after: {
      ...Object.fromEntries(changedFields.map((key) => [key, edit.after[key]])),
      ...variants("after"),
      ...(added.length > 0
        ? {
            addedVariants: added.map((variant) => ({
              name: variant.name,
              pricePence: variant.pricePence,
            })),
          }
        : {}),
      version: edit.version,
    },
  };
}

export async function updateProduct(
  db: Database,
  actor: Actor,
  id: string,
  input: ProductInput,
  upload: PreparedImage | null = null,
) {
  const product = productInputSchema.parse(input);
  await savingCatalogue(() =>
    db.transaction(async (tx) => {
      const { before, existing, known } = await lockForEdit(tx, id, product);
      const descriptionHtml = sanitizeProductHtml(product.descriptionHtml);
      const imageUrl =
        upload || product.imageUrl !== before.imageUrl
          ? await imageFor(tx, actor, product.imageUrl, upload)
          : before.imageUrl;
      const fields = {
        name: product.name,
        slug: product.slug,
        descriptionHtml,
        imageUrl,
        imageAlt: product.imageAlt,
        categoryId: product.categoryId === undefined ? before.categoryId : product.categoryId,
        featuredRank: product.featuredRank ?? before.featuredRank,
        seoTitle: product.seoTitle === undefined ? before.seoTitle : product.seoTitle,
        seoDescription:
          product.seoDescription === undefined ? before.seoDescription : product.seoDescription,
        optionNames: product.optionNames ?? before.optionNames,
      };
      const changedFields = (Object.keys(fields) as (keyof typeof fields)[]).filter(
        (key) => JSON.stringify(before[key]) !== JSON.stringify(fields[key]),
      );
      if (changedFields.length > 0)
        await tx.update(products).set(fields).where(eq(products.id, id));
      const picturesBefore = await productPictures(tx, id);
      const picturesChanged =
        product.images !== undefined &&
        (await savePictures(tx, id, product.images, picturesBefore));
      assertVariantPictures(product.variants, [
        imageUrl,
        ...(product.images ?? picturesBefore).map((image) => image.url),
      ]);
      const auditedFields: string[] = picturesChanged
        ? [...changedFields, "images"]
        : [...changedFields];
      const variantChanges = await saveVariantChanges(tx, product, known);
      const added = product.variants.filter((variant) => !variant.id);
      // New variants come after every existing one, so the default stays the default.
      const last = existing.at(-1)?.createdAt ?? new Date();
      await addVariants(
        tx,
        id,
        added,
        actor,
        new Date(Math.max(Date.now(), last.getTime() + 1000)),
      );
      if (auditedFields.length === 0 && variantChanges.length === 0 && added.length === 0) return;
      const version = before.version + 1;
      await tx.update(products).set({ version }).where(eq(products.id, id));
      await enqueuePurge(tx, productPurgeTags(id));
      await recordAudit(tx, {
        actor,
        action: "product.updated",
        entity: { type: "product", id },
        ...productUpdateAudit({
          changedFields: auditedFields,
          before: { ...before, images: picturesBefore },
          after: { ...fields, images: product.images },
          variantChanges,
          added,
          version,
        }),
      });
    }),
  );
  shopChanged();
}

/**
 * Archived products leave the storefront (their pages answer 404); restored ones come back. A
 * draft going on sale for the first time is published (its date kept from then on).
 */
export async function setProductActive(db: Database, actor: Actor, id: string, active: boolean) {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ active: products.active, publishedAt: products.publishedAt })
      .from(products)
      .where(eq(products.id, id))
      .for("update");
    if (!before) throw new DomainError("NOT_FOUND", "Product not found.");
    if (before.active === active) return;
    const publishing = active && before.publishedAt === null;
    await tx
      .update(products)
      .set({ active, ...(publishing ? { publishedAt: new Date() } : {}) })
      .where(eq(products.id, id));
    await enqueuePurge(tx, productPurgeTags(id));
    await recordAudit(tx, {
      actor,
      action: publishing ? "product.published" : active ? "product.restored" : "product.archived",
      entity: { type: "product", id },
      before: { active: before.active },
      after: { active },
    });
  });
  shopChanged();
}
