import {
  MAX_MORE_PICTURES,
  NO_PICTURE,
  type ProductPicture,
  shopImages,
} from "../../common/catalog/product-images";
import { isGtin, valuesKey, variantNameFor } from "../../common/catalog/product-options";
import { parsePounds } from "../../common/money";
import { truncateForMeta } from "../../common/seo";
import type { CsvImage, CsvProduct, CsvVariant, ImportProblem } from "./product-csv-reader";
import type { products, productVariants } from "./schema";

// The rows of one product of a product CSV read as the editor's input (./product-import.ts):
// its picture, each variant's values, the shop's variant each row updates, its status; every
// cell that cannot be read said with its row and column, and what is read differently noted.

/** A product the file names that exists, with its variants. */
export type Existing = typeof products.$inferSelect & {
  variants: (typeof productVariants.$inferSelect)[];
  /** Its pictures after the main one. */
  pictures: ProductPicture[];
};

/** A shop illustration the address names (the export gives each as its JPEG twin), else null. */
function shopImageAt(path: string): string | null {
  const svg = path.replace(/\.jpg$/i, ".svg");
  return shopImages.find((image) => image === svg && image !== NO_PICTURE) ?? null;
}

export type Context = {
  existing: Existing | undefined;
  problems: ImportProblem[];
  notes: ImportProblem[];
};

/**
 * A picture of the file as the import takes it: one the shop has (an illustration, or a picture
 * the product already shows) used as it is, or an address to fetch when the import is applied.
 */
export type PlannedPicture = {
  row: number;
  /** The file's address for it, as a URL writes it (a variant names its picture by it). */
  src: string;
  alt: string;
  url: string | null;
  fetch: string | null;
};

function plannedPicture(image: CsvImage, known: ReadonlySet<string>, context: Context) {
  let url: URL | null = null;
  try {
    url = new URL(image.src);
  } catch {
    // Said below.
  }
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) {
    context.problems.push({
      row: image.row,
      column: "Image Src",
      message: "Give the picture's full address, starting https://.",
    });
    return null;
  }
  const ready = shopImageAt(url.pathname) ?? (known.has(url.pathname) ? url.pathname : null);
  return {
    row: image.row,
    src: url.href,
    alt: image.alt,
    url: ready,
    fetch: ready ? null : url.href,
  };
}

/** The product's pictures in order (Image Position, else the rows' order), the main one first. */
export function picturesOf(images: CsvImage[], context: Context): PlannedPicture[] {
  const sorted = [...images].sort((a, b) => a.position - b.position || a.row - b.row);
  for (const extra of sorted.slice(MAX_MORE_PICTURES + 1)) {
    context.notes.push({
      row: extra.row,
      column: "Image Src",
      message: `Left out: a product has at most ${MAX_MORE_PICTURES + 1} pictures.`,
    });
  }
  const existing = context.existing;
  const known = new Set(
    existing ? [existing.imageUrl, ...existing.pictures.map((picture) => picture.url)] : [],
  );
  return sorted
    .slice(0, MAX_MORE_PICTURES + 1)
    .flatMap((image) => plannedPicture(image, known, context) ?? []);
}

/** A variant row's values read as the editor's input, or null with its problems said. */
export function variantOf(product: CsvProduct, variant: CsvVariant, context: Context) {
  const { row } = variant;
  const problem = (column: string, message: string) => {
    context.problems.push({ row, column, message });
    return null;
  };
  const pricePence = parsePounds(variant.price);
  if (pricePence === null) {
    return problem("Variant Price", "Enter the price in pounds, such as 12.50.");
  }
  let compareAtPricePence: number | null = null;
  if (variant.compareAt) {
    compareAtPricePence = parsePounds(variant.compareAt);
    if (compareAtPricePence === null) {
      return problem("Variant Compare At Price", "Enter the price in pounds, such as 12.50.");
    }
    if (compareAtPricePence <= pricePence) {
      context.notes.push({
        row,
        column: "Variant Compare At Price",
        message: "Left out: it is not above the price, so it is not a former price.",
      });
      compareAtPricePence = null;
    }
  }
  let grams: number | null = null;
  if (variant.grams) {
    const value = Number(variant.grams);
    if (!Number.isFinite(value) || value < 0) {
      return problem("Variant Grams", "Give the weight in grams, such as 120.");
    }
    grams = Math.round(value);
  }
  let quantity: number | null = null;
  if (variant.quantity) {
    const value = Number(variant.quantity);
    if (!Number.isInteger(value)) {
      return problem("Variant Inventory Qty", "Give the stock as a whole number.");
    }
    if (value < 0) {
      context.notes.push({
        row,
        column: "Variant Inventory Qty",
        message: "Counted as 0: the shop's stock is never below none.",
      });
    }
    quantity = Math.max(0, value);
  }
  let barcode: string | null = variant.barcode || null;
  if (barcode && !isGtin(barcode)) {
    context.notes.push({
      row,
      column: "Variant Barcode",
      message: `Left out: ${barcode} is not a GTIN (8, 12, 13 or 14 digits ending in its check digit).`,
    });
    barcode = null;
  }
  const name =
    product.optionNames.length > 0
      ? variantNameFor(variant.optionValues)
      : (variant.optionValues[0] ?? "Default");
  return {
    name,
    optionValues: product.optionNames.length > 0 ? variant.optionValues : [],
    sku: variant.sku || null,
    barcode,
    grams,
    pricePence,
    compareAtPricePence,
    quantity,
  };
}

/**
 * Which of the product's pictures in the file shows a variant (by its Variant Image): its place
 * in the list, or null for the main one or none (one not among them is noted and left out).
 */
export function variantPicture(
  variant: CsvVariant,
  pictures: readonly PlannedPicture[],
  context: Context,
): number | null {
  if (!variant.image) return null;
  let href: string;
  try {
    href = new URL(variant.image).href;
  } catch {
    href = variant.image;
  }
  const index = pictures.findIndex((picture) => picture.src === href);
  if (index < 0) {
    context.notes.push({
      row: variant.row,
      column: "Variant Image",
      message: "Left out: it is not one of the product's pictures in the file.",
    });
  }
  return index > 0 ? index : null;
}

/** The existing variant a row updates: the same SKU, else the same values, else the same name. */
export function matchVariant(
  existing: Existing | undefined,
  taken: Set<string>,
  variant: { sku: string | null; optionValues: string[]; name: string },
) {
  const free = (existing?.variants ?? []).filter((candidate) => !taken.has(candidate.id));
  const sku = variant.sku?.toLowerCase();
  return (
    (sku ? free.find((candidate) => candidate.sku?.toLowerCase() === sku) : undefined) ??
    (variant.optionValues.length > 0
      ? free.find(
          (candidate) => valuesKey(candidate.optionValues) === valuesKey(variant.optionValues),
        )
      : undefined) ??
    free.find((candidate) => candidate.name.toLowerCase() === variant.name.toLowerCase())
  );
}

/** Shopify's longer search texts cut to the shop's lengths, at a word, with a note. */
export function searchText(
  value: string | undefined,
  max: number,
  column: string,
  row: number,
  context: Context,
) {
  if (value === undefined) return undefined;
  if (value.length <= max) return value;
  context.notes.push({ row, column, message: `Cut to ${max} characters, at a word.` });
  return truncateForMeta(value, max);
}

/** Where an editor's refusal points in the file: the row and column it came from. */
export function problemAt(
  path: readonly PropertyKey[],
  product: CsvProduct,
  rows: readonly (number | null)[],
): { row: number; column: string } {
  const [field, index, variantField] = path;
  if (field === "variants" && typeof index === "number") {
    const columns: Record<string, string> = {
      name: "Option1 Value",
      optionValues: "Option1 Value",
      pricePence: "Variant Price",
      compareAtPricePence: "Variant Compare At Price",
      sku: "Variant SKU",
      barcode: "Variant Barcode",
      grams: "Variant Grams",
    };
    return {
      row: rows[index] ?? product.row,
      column: columns[String(variantField)] ?? "Variant Price",
    };
  }
  const columns: Record<string, string> = {
    name: "Title",
    slug: "Handle",
    descriptionHtml: "Body (HTML)",
    imageUrl: "Image Src",
    imageAlt: "Image Alt Text",
    seoTitle: "SEO Title",
    seoDescription: "SEO Description",
    optionNames: "Option1 Name",
  };
  return { row: product.row, column: columns[String(field)] ?? "Handle" };
}

const STATUSES = ["active", "draft", "archived"] as const;

/** Whether the product goes on sale, waits as a draft or is archived; none: as it is. */
export type ImportStatus = "active" | "draft" | "archived" | null;

export function statusOf(product: CsvProduct, context: Context): ImportStatus {
  const status = product.fields.Status?.toLowerCase();
  if (status) {
    const known = STATUSES.find((candidate) => candidate === status);
    if (!known) {
      context.problems.push({
        row: product.row,
        column: "Status",
        message: "The status is active, draft or archived.",
      });
    }
    return known ?? null;
  }
  const published = product.fields.Published?.toLowerCase();
  if (published === "true") return "active";
  if (published === "false") return context.existing ? "archived" : "draft";
  return null;
}
