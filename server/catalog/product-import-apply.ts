import { eq } from "drizzle-orm";
import type { ImportOutcome } from "../../common/catalog/product-csv";
import { slugFromName } from "../../common/catalog/slug";
import type { Actor } from "../audit/audit-log";
import type { Database } from "../db/database";
import { DomainError, publicMessage } from "../errors";
import { shopChanged } from "../events/shop-changed";
import type { PreparedImage } from "../media/image-processing";
import { storeImage } from "../media/image-store";
import { fetchRemoteImage, guardedFetch, type ImageFetch } from "../media/remote-image";
import { adjustStock } from "../stock/stock-service";
import { createCategory } from "./category-editor";
import { createProduct, setProductActive, updateProduct } from "./product-editor";
import type { ImportPreview, PlannedProduct } from "./product-import";
import { categories, productVariants } from "./schema";

// A product CSV's preview applied (docs/admin.md#product-csv): refused while it has a problem;
// else the categories it names are created, then each product is saved in one transaction of
// its own, with the editor's own writes (audit, cache purge, stock movements) and its counted
// stock as adjustments with their reason, so a product is imported whole or not at all. Pictures
// are fetched first, outside any transaction; one that cannot be had is said, and its product
// keeps the picture it had (a new one, the placeholder); the others are left out of its list.

export const IMPORT_HAS_PROBLEMS =
  "The file has problems: correct them (each is listed with its row) and import it again.";

async function categoriesFor(db: Database, actor: Actor, names: readonly string[]) {
  const ids = new Map<string, string>();
  for (const name of names) {
    const slug = slugFromName(name).slice(0, 60) || "category";
    const [same] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.slug, slug));
    const id =
      same?.id ??
      (await createCategory(db, actor, {
        name: name.slice(0, 60),
        slug,
        description: `Every product in ${name}.`.slice(0, 300),
        position: 100,
      }));
    ids.set(name.toLowerCase(), id);
  }
  return ids;
}

/** The file's pictures fetched, by their place in the product's list; what could not be had. */
async function fetchPictures(plan: PlannedProduct, fetchImage: ImageFetch) {
  const fetched = new Map<number, PreparedImage>();
  const problems: string[] = [];
  for (const [index, picture] of plan.pictures.entries()) {
    if (!picture.fetch) continue;
    const result = await fetchRemoteImage(picture.fetch, fetchImage);
    if ("image" in result) fetched.set(index, result.image);
    else problems.push(`Row ${picture.row}, Image Src: ${picture.fetch} ${result.problem}`);
  }
  return { fetched, problems };
}

type SaveOptions = {
  /** The stock adjustments' reason. */
  reason: string;
  /** Written in the product's own transaction once it is saved; throwing undoes the save. */
  alongside?: (tx: Database, result: "created" | "updated") => Promise<void>;
};

/**
 * One product saved whole: its fetched pictures stored, the editor's write, its counted stock and
 * its status. A fetched main picture is the editor's upload; the others join the list in order.
 */
async function saveProduct(
  db: Database,
  actor: Actor,
  plan: PlannedProduct,
  planned: PlannedProduct["input"],
  fetched: ReadonlyMap<number, PreparedImage>,
  apply: SaveOptions,
): Promise<"created" | "updated"> {
  const { reason } = apply;
  return db.transaction(async (tx) => {
    const more: { url: string; alt: string }[] = [];
    const stored = new Map<number, string>();
    for (const [index, picture] of plan.pictures.entries()) {
      if (index === 0) continue;
      const upload = fetched.get(index);
      const url = picture.url ?? (upload ? await storeImage(tx, actor, upload) : null);
      if (url) {
        more.push({ url, alt: picture.alt });
        stored.set(index, url);
      }
    }
    // A variant shows its picture once it is stored (one that could not be had: the main one).
    const variants = planned.variants.map((variant, index) => {
      const picture = plan.variants[index]?.picture;
      return picture === null || picture === undefined
        ? variant
        : { ...variant, imageUrl: stored.get(picture) ?? null };
    });
    const input =
      plan.pictures.length > 0 ? { ...planned, images: more, variants } : { ...planned, variants };
    const main = fetched.get(0) ?? null;
    const id =
      plan.id ??
      (await createProduct(tx, actor, { ...input, draft: plan.status === "draft" }, main));
    if (plan.id) await updateProduct(tx, actor, plan.id, input, main);
    // The counted stock of the variants it already had: adjustments, each with the file's name
    // (a new product's is its starting stock, written with it).
    const saved = plan.id
      ? await tx
          .select({ id: productVariants.id })
          .from(productVariants)
          .where(eq(productVariants.productId, id))
      : [];
    const known = new Set(saved.map((row) => row.id));
    for (const [index, variant] of input.variants.entries()) {
      const counted = plan.variants[index]?.quantity;
      if (!variant.id || counted === null || counted === undefined || !known.has(variant.id)) {
        continue;
      }
      await adjustStock(tx, { variantId: variant.id, counted, actor, reason });
    }
    if (plan.status === "archived" || (plan.id && plan.status === "draft")) {
      await setProductActive(tx, actor, id, false);
    } else if (plan.status === "active" && plan.id) {
      await setProductActive(tx, actor, id, true);
    }
    const result = plan.id ? "updated" : "created";
    await apply.alongside?.(tx, result);
    return result;
  });
}

/** The file's new categories, made where they are missing: their ids by lower-case name. */
export function importCategories(db: Database, actor: Actor, preview: ImportPreview) {
  return categoriesFor(db, actor, preview.categoriesToCreate);
}

export const importReason = (fileName: string) =>
  `Counted in the import of ${fileName}`.slice(0, 200);

/**
 * One product of a preview imported whole, its pictures fetched first: what became of it. A
 * failure is said, not thrown; `apply.alongside` is written with it when it is saved.
 */
export async function importProduct(
  db: Database,
  actor: Actor,
  plan: PlannedProduct,
  context: {
    categoryIds: ReadonlyMap<string, string>;
    fetchImage: ImageFetch;
    reason: string;
    /** Written in the product's own transaction once it is saved (an import's progress). */
    alongside?: (tx: Database, saved: ImportOutcome) => Promise<void>;
  },
): Promise<ImportOutcome> {
  const { fetched, problems } = await fetchPictures(plan, context.fetchImage);
  const input = plan.newCategory
    ? { ...plan.input, categoryId: context.categoryIds.get(plan.newCategory.toLowerCase()) ?? null }
    : plan.input;
  const outcome = { handle: plan.handle, name: plan.name, imageProblems: problems };
  try {
    const { alongside } = context;
    const result = await saveProduct(db, actor, plan, input, fetched, {
      reason: context.reason,
      alongside:
        alongside && ((tx, saved) => alongside(tx, { ...outcome, result: saved, message: null })),
    });
    return { ...outcome, result, message: null };
  } catch (error) {
    return {
      ...outcome,
      result: "failed",
      message: publicMessage(error, "It could not be saved: nothing of it was."),
    };
  }
}

/** Applies a preview without problems; what became of each product, in the file's order. */
export async function applyProductImport(
  db: Database,
  actor: Actor,
  preview: ImportPreview,
  options: { fileName: string; fetchImage?: ImageFetch },
): Promise<ImportOutcome[]> {
  if (preview.problems.length > 0) throw new DomainError("BAD_REQUEST", IMPORT_HAS_PROBLEMS);
  const categoryIds = await importCategories(db, actor, preview);
  const context = {
    categoryIds,
    fetchImage: options.fetchImage ?? guardedFetch,
    reason: importReason(options.fileName),
  };
  const outcomes: ImportOutcome[] = [];
  for (const plan of preview.products) {
    outcomes.push(await importProduct(db, actor, plan, context));
  }
  shopChanged();
  return outcomes;
}
