import { asc, inArray, sql } from "drizzle-orm";
import type { ImportSummary } from "../../common/catalog/product-csv";
import { NO_PICTURE } from "../../common/catalog/product-images";
import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from "../../common/seo";
import type { Database } from "../db/database";
import { type CsvProduct, type ImportProblem, readProductCsv } from "./product-csv-reader";
import {
  type Context,
  type Existing,
  type ImportStatus,
  matchVariant,
  type PlannedPicture,
  picturesOf,
  problemAt,
  searchText,
  statusOf,
  variantOf,
  variantPicture,
} from "./product-import-rows";
import { type ProductInput, productFields, productInputSchema } from "./product-input";
import { categories, productImages, products, productVariants } from "./schema";
import { editedFields } from "./variant-editor";

// A product CSV's preview (docs/admin.md#product-csv): each product to create or update by its
// handle, each variant matched to the one it updates (by SKU, else by its option values, else by
// name), every row's problem with its row and column, and what will be noted but not stop the
// import. The values are checked by the product editor's own rule (./product-input.ts), so an
// import can save nothing the editor would refuse. ./product-import-apply.ts applies it.

export type PlannedProduct = {
  handle: string;
  row: number;
  name: string;
  /** The product it updates; none: a new one. */
  id: string | null;
  input: ProductInput;
  /**
   * Each variant of the input's: its row in the file (none: kept as it was), its counted stock,
   * the place in `pictures` of the picture that shows it.
   */
  variants: { row: number | null; quantity: number | null; picture: number | null }[];
  /**
   * The file's pictures in order, the main one first; those to fetch are fetched when applied
   * (the input keeps the current main one, and has only the others ready, until then). Empty: the
   * file has none, and the product keeps its own.
   */
  pictures: PlannedPicture[];
  /** On sale, a draft, or archived; none: as it is (a new product goes on sale). */
  status: ImportStatus;
  /** A category the import creates for it (none of that name yet). */
  newCategory: string | null;
  created: number;
  updated: number;
};

export type ImportPreview = {
  rows: number;
  products: PlannedProduct[];
  /** What stops the import: nothing is saved while there is one. */
  problems: ImportProblem[];
  /** What the import does differently from the file, said before it is applied. */
  notes: ImportProblem[];
  categoriesToCreate: string[];
};

/** The products the file names that exist, with their variants and pictures: three statements. */
async function existingProducts(db: Database, handles: readonly string[]) {
  if (handles.length === 0) return new Map<string, Existing>();
  const found = await db
    .select()
    .from(products)
    .where(inArray(products.slug, [...handles]));
  const variants =
    found.length === 0
      ? []
      : await db
          .select()
          .from(productVariants)
          .where(
            inArray(
              productVariants.productId,
              found.map((product) => product.id),
            ),
          )
          .orderBy(asc(productVariants.createdAt), asc(productVariants.id));
  const pictures =
    found.length === 0
      ? []
      : await db
          .select()
          .from(productImages)
          .where(
            inArray(
              productImages.productId,
              found.map((product) => product.id),
            ),
          )
          .orderBy(asc(productImages.position));
  return new Map(
    found.map((product) => [
      product.slug,
      {
        ...product,
        variants: variants.filter((variant) => variant.productId === product.id),
        pictures: pictures
          .filter((picture) => picture.productId === product.id)
          .map(({ url, alt }) => ({ url, alt })),
      },
    ]),
  );
}

/** Which product holds each of these SKUs (lower case) in the shop now. */
async function skuOwners(db: Database, skus: readonly string[]) {
  if (skus.length === 0) return new Map<string, string>();
  const lower = sql<string>`lower(${productVariants.sku})`;
  const rows = await db
    .select({ sku: lower, productId: productVariants.productId })
    .from(productVariants)
    .where(inArray(lower, [...skus]));
  return new Map(rows.map((row) => [row.sku, row.productId]));
}

const PRODUCT_OWN_FIELDS = {
  name: true,
  slug: true,
  descriptionHtml: true,
  imageAlt: true,
  seoTitle: true,
  seoDescription: true,
} as const;

/**
 * The file's variants of a product, each matched to the shop's it updates, then the shop's the
 * file leaves out (kept as they are); each with its row and counted stock.
 */
function variantsOf(product: CsvProduct, pictures: readonly PlannedPicture[], context: Context) {
  const { existing } = context;
  const taken = new Set<string>();
  const rows: (number | null)[] = [];
  const quantities: (number | null)[] = [];
  const shows: (number | null)[] = [];
  const variants: ProductInput["variants"] = [];
  let created = 0;
  for (const row of product.variants) {
    const variant = variantOf(product, row, context);
    if (!variant) continue;
    const match = matchVariant(existing, taken, variant);
    if (match) taken.add(match.id);
    else created++;
    const { quantity, ...fields } = variant;
    const picture = variantPicture(row, pictures, context);
    variants.push({
      ...(match ? { id: match.id } : {}),
      ...fields,
      // A picture to fetch is named once it is stored, when the import is applied.
      imageUrl: picture === null ? null : (pictures[picture]?.url ?? null),
      startingStock: match ? 0 : (quantity ?? 0),
    });
    rows.push(row.row);
    quantities.push(match ? quantity : null);
    shows.push(picture);
  }
  // The shop's variants the file leaves out stay as they are.
  const kept = (existing?.variants ?? []).filter((variant) => !taken.has(variant.id));
  if (kept.length > 0) {
    context.notes.push({
      row: product.row,
      column: "Handle",
      message:
        kept.length === 1
          ? "One of the product's variants is not in the file: it stays as it is."
          : `${kept.length} of the product's variants are not in the file: they stay as they are.`,
    });
  }
  for (const variant of kept) {
    variants.push({ id: variant.id, ...editedFields(variant), startingStock: 0 });
    rows.push(null);
    quantities.push(null);
    shows.push(null);
  }
  return { variants, rows, quantities, shows, created, updated: taken.size };
}

/** One product of the file as the editor's input, matched to the shop's. */
function planProduct(
  product: CsvProduct,
  context: Context,
  categoryIds: ReadonlyMap<string, string>,
): PlannedProduct | null {
  const { existing, problems } = context;
  const before = problems.length;
  const name = product.fields.Title ?? existing?.name;
  if (product.variants.length === 0) {
    problems.push({
      row: product.row,
      column: "Variant Price",
      message: "A product needs at least one variant row with its price.",
    });
  }
  const pictures = picturesOf(product.images, context).map((picture) => ({
    ...picture,
    alt: picture.alt || name || product.handle,
  }));
  const [main, ...more] = pictures;
  const { variants, rows, quantities, shows, created, updated } = variantsOf(
    product,
    pictures,
    context,
  );
  const type = product.fields.Type;
  const categoryId = type ? (categoryIds.get(type.toLowerCase()) ?? null) : undefined;
  const input: ProductInput = {
    name: name ?? "",
    slug: product.handle,
    descriptionHtml: product.fields["Body (HTML)"] ?? existing?.descriptionHtml ?? "",
    imageUrl: main?.url ?? existing?.imageUrl ?? NO_PICTURE,
    imageAlt: main?.alt || existing?.imageAlt || name || product.handle,
    // The others ready now; those to fetch join them when the import is applied.
    ...(pictures.length > 0
      ? {
          images: more.flatMap((picture) =>
            picture.url ? [{ url: picture.url, alt: picture.alt }] : [],
          ),
        }
      : {}),
    optionNames: product.optionNames,
    variants,
    ...(categoryId === undefined ? {} : { categoryId }),
    // An update is made from the version the import read: one saved since is refused, not lost.
    ...(existing ? { version: existing.version } : {}),
    seoTitle: searchText(
      product.fields["SEO Title"],
      SEO_TITLE_MAX,
      "SEO Title",
      product.row,
      context,
    ),
    seoDescription: searchText(
      product.fields["SEO Description"],
      SEO_DESCRIPTION_MAX,
      "SEO Description",
      product.row,
      context,
    ),
  };
  const status = statusOf(product, context);
  // With a row already at fault, the product's own fields are still checked: every problem at once.
  const checked =
    problems.length > before
      ? productFields.pick(PRODUCT_OWN_FIELDS).safeParse(input)
      : productInputSchema.safeParse(input);
  if (problems.length > before || !checked.success) {
    for (const issue of checked.error?.issues ?? []) {
      problems.push({ ...problemAt(issue.path, product, rows), message: issue.message });
    }
    return null;
  }
  return {
    handle: product.handle,
    row: product.row,
    name: name ?? product.handle,
    id: existing?.id ?? null,
    input,
    variants: rows.map((row, index) => ({
      row,
      quantity: quantities[index] ?? null,
      picture: shows[index] ?? null,
    })),
    pictures,
    status,
    newCategory: type && categoryId === null ? type : null,
    created,
    updated,
  };
}

/** A SKU in two of the file's products, or held by a product the file does not name. */
function skuProblems(
  products: readonly CsvProduct[],
  owners: ReadonlyMap<string, string>,
  existing: ReadonlyMap<string, Existing>,
): ImportProblem[] {
  const problems: ImportProblem[] = [];
  const inFile = new Map<string, string>();
  for (const product of products) {
    const ownId = existing.get(product.handle)?.id;
    for (const variant of product.variants) {
      const sku = variant.sku.toLowerCase();
      if (!sku) continue;
      const other = inFile.get(sku);
      if (other && other !== product.handle) {
        problems.push({
          row: variant.row,
          column: "Variant SKU",
          message: `The SKU ${variant.sku} is also the product ${other}'s.`,
        });
      }
      inFile.set(sku, product.handle);
      const owner = owners.get(sku);
      if (owner && owner !== ownId) {
        problems.push({
          row: variant.row,
          column: "Variant SKU",
          message: `Another product in the shop has the SKU ${variant.sku}.`,
        });
      }
    }
  }
  return problems;
}

/** The file read and matched to the shop: what an import of it would do, and what stops it. */
export async function previewProductImport(
  db: Database,
  bytes: Uint8Array,
): Promise<ImportPreview> {
  const reading = readProductCsv(bytes);
  if (!reading.ok) {
    return { rows: 0, products: [], problems: reading.problems, notes: [], categoriesToCreate: [] };
  }
  const handles = reading.products.map((product) => product.handle);
  const skus = reading.products.flatMap((product) =>
    product.variants.flatMap((variant) => (variant.sku ? [variant.sku.toLowerCase()] : [])),
  );
  const [existing, owners, shopCategories] = await Promise.all([
    existingProducts(db, handles),
    skuOwners(db, skus),
    db.select({ id: categories.id, name: categories.name }).from(categories),
  ]);
  const categoryIds = new Map(
    shopCategories.map((category) => [category.name.toLowerCase(), category.id]),
  );
  const problems = [...reading.problems, ...skuProblems(reading.products, owners, existing)];
  const notes: ImportProblem[] = [];
  const planned: PlannedProduct[] = [];
  for (const product of reading.products) {
    const plan = planProduct(
      product,
      { existing: existing.get(product.handle), problems, notes },
      categoryIds,
    );
    if (plan) planned.push(plan);
  }
  // One problem per cell: the first said (a formula refused, not also "give it a name").
  const said = new Set<string>();
  const firstPerCell = problems.filter((problem) => {
    const cell = `${problem.row}:${problem.column}`;
    if (said.has(cell)) return false;
    said.add(cell);
    return true;
  });
  firstPerCell.sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
  notes.sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
  const categoriesToCreate = [
    ...new Map(
      planned.flatMap((plan) =>
        plan.newCategory ? [[plan.newCategory.toLowerCase(), plan.newCategory] as const] : [],
      ),
    ).values(),
  ];
  return {
    rows: reading.rows,
    products: planned,
    problems: firstPerCell,
    notes,
    categoriesToCreate,
  };
}

/** What the screen shows of a preview: the plan without the editor's full input. */
export function importSummary(preview: ImportPreview): ImportSummary {
  return {
    rows: preview.rows,
    problems: preview.problems,
    notes: preview.notes,
    categoriesToCreate: preview.categoriesToCreate,
    products: preview.products.map((product) => ({
      handle: product.handle,
      name: product.name,
      row: product.row,
      action: product.id ? ("update" as const) : ("create" as const),
      created: product.created,
      updated: product.updated,
      picturesToFetch: product.pictures.filter((picture) => picture.fetch !== null).length,
    })),
  };
}
