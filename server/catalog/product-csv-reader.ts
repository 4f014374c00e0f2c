import { parse } from "csv-parse/sync";
import {
  cellText,
  IMPORT_TOO_LARGE,
  IMPORT_TOO_MANY_ROWS,
  type ImportProblem,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  NO_OPTION_NAME,
  NO_OPTION_VALUE,
  PRODUCT_CSV_COLUMNS,
  type ProductCsvColumn,
} from "../../common/catalog/product-csv";
import { MAX_OPTIONS } from "../../common/catalog/product-options";

export type { ImportProblem };

// A product CSV read into products (docs/admin.md#product-csv): the bytes checked (size, text
// encoding, rows), the header matched to Shopify's columns, the rows grouped by handle into
// products with their variants and images. Each problem names its row and column; what the
// values must be is the product editor's rule, applied later (./product-import.ts).

export type CsvVariant = {
  row: number;
  optionValues: string[];
  sku: string;
  grams: string;
  quantity: string;
  price: string;
  compareAt: string;
  barcode: string;
  /** The address of the product's picture that shows it. */
  image: string;
};

export type CsvImage = { row: number; src: string; position: number; alt: string };

export type CsvProduct = {
  handle: string;
  /** Its first row. */
  row: number;
  /** The first value of each product column in its rows (Shopify writes them on the first). */
  fields: Partial<Record<ProductCsvColumn, string>>;
  optionNames: string[];
  variants: CsvVariant[];
  images: CsvImage[];
};

export type CsvReading =
  | { ok: true; products: CsvProduct[]; rows: number; problems: ImportProblem[] }
  | { ok: false; problems: ImportProblem[] };

const fileProblem = (message: string): CsvReading => ({
  ok: false,
  problems: [{ row: null, column: null, message }],
});

const NOT_UTF8 =
  'The file is not UTF-8 text: in your spreadsheet, save it as "CSV UTF-8" and import that.';

/** The file's text, or why it is not a CSV the shop can read. */
function textOf(bytes: Uint8Array): string | CsvReading {
  if (bytes.byteLength > MAX_IMPORT_BYTES) return fileProblem(IMPORT_TOO_LARGE);
  if (bytes.byteLength === 0) return fileProblem("The file is empty.");
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return fileProblem(NOT_UTF8);
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return fileProblem(NOT_UTF8);
  }
  if (text.includes("\u0000")) return fileProblem("This is not a CSV file: choose a product CSV.");
  return text;
}

const PRODUCT_FIELDS: readonly ProductCsvColumn[] = [
  "Title",
  "Body (HTML)",
  "Vendor",
  "Type",
  "Tags",
  "Published",
  "SEO Title",
  "SEO Description",
  "Status",
];

const optionColumn = (index: number, part: "Name" | "Value") =>
  `Option${index + 1} ${part}` as ProductCsvColumn;

/** Reads the file into products; problems of the file itself stop it, a row's are listed. */
export function readProductCsv(bytes: Uint8Array): CsvReading {
  const text = textOf(bytes);
  if (typeof text !== "string") return text;
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      // The header and one row past the limit: enough to say the file is too long.
      to: MAX_IMPORT_ROWS + 2,
      max_record_size: 1_000_000,
    });
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    return fileProblem(
      `The file could not be read as CSV${line ? ` near row ${line}` : ""}: a quote may be left open.`,
    );
  }
  const [header, ...rows] = records;
  if (!header) return fileProblem("The file is empty.");
  if (rows.length > MAX_IMPORT_ROWS) return fileProblem(IMPORT_TOO_MANY_ROWS);
  const index = new Map<string, number>();
  for (const [at, name] of header.entries()) {
    const known = PRODUCT_CSV_COLUMNS.find(
      (column) => column.toLowerCase() === name.trim().toLowerCase(),
    );
    if (known && !index.has(known)) index.set(known, at);
  }
  if (!index.has("Handle")) {
    return fileProblem(
      "The file has no Handle column: export it from Shopify's Products page or from this shop.",
    );
  }
  const missing = (["Title", "Variant Price"] as const).filter((column) => !index.has(column));
  if (missing.length > 0) {
    return fileProblem(`The file has no ${missing.join(" or ")} column.`);
  }
  if (rows.length === 0) return fileProblem("The file has a header but no products.");

  const problems: ImportProblem[] = [];
  const products: CsvProduct[] = [];
  const byHandle = new Map<string, CsvProduct>();
  let current: CsvProduct | undefined;
  for (const [at, cells] of rows.entries()) {
    const row = at + 2;
    const cell = (column: ProductCsvColumn) => {
      const position = index.get(column);
      const raw = position === undefined ? "" : (cells[position] ?? "");
      if (raw.startsWith("=")) {
        problems.push({
          row,
          column,
          message: "This cell is a spreadsheet formula: the shop takes text and numbers only.",
        });
        return "";
      }
      return cellText(raw).trim();
    };
    const handle = cell("Handle").toLowerCase();
    if (!handle) {
      problems.push({ row, column: "Handle", message: "Every row needs its product's handle." });
      continue;
    }
    let product = byHandle.get(handle);
    if (product && product !== current) {
      problems.push({
        row,
        column: "Handle",
        message: `The handle ${handle} is used again here, apart from its product's rows (from row ${product.row}): two products cannot share a handle.`,
      });
      continue;
    }
    if (!product) {
      product = { handle, row, fields: {}, optionNames: [], variants: [], images: [] };
      for (let option = 0; option < MAX_OPTIONS; option++) {
        const name = cell(optionColumn(option, "Name"));
        if (name) product.optionNames.push(name);
      }
      byHandle.set(handle, product);
      products.push(product);
    }
    current = product;
    for (const column of PRODUCT_FIELDS) {
      const value = cell(column);
      if (value && product.fields[column] === undefined) product.fields[column] = value;
    }
    const variant: CsvVariant = {
      row,
      optionValues: product.optionNames.map((_, option) => cell(optionColumn(option, "Value"))),
      sku: cell("Variant SKU"),
      grams: cell("Variant Grams"),
      quantity: cell("Variant Inventory Qty"),
      price: cell("Variant Price"),
      compareAt: cell("Variant Compare At Price"),
      barcode: cell("Variant Barcode"),
      image: cell("Variant Image"),
    };
    if (variant.price || variant.sku || variant.optionValues.some((value) => value !== "")) {
      product.variants.push(variant);
    }
    const src = cell("Image Src");
    if (src) {
      const position = Number(cell("Image Position"));
      product.images.push({
        row,
        src,
        position: Number.isInteger(position) && position > 0 ? position : Number.MAX_SAFE_INTEGER,
        alt: cell("Image Alt Text"),
      });
    }
  }
  for (const product of products) withoutTitleOption(product);
  return { ok: true, products, rows: rows.length, problems };
}

/**
 * Shopify's "Title" option is no option: a product without options has it, its variants named by
 * its values ("Default Title" alone: the shop's "Default").
 */
function withoutTitleOption(product: CsvProduct) {
  if (product.optionNames.length !== 1 || product.optionNames[0] !== NO_OPTION_NAME) return;
  product.optionNames = [];
  for (const variant of product.variants) {
    const value = variant.optionValues[0] ?? "";
    variant.optionValues = [value === NO_OPTION_VALUE || value === "" ? "Default" : value];
  }
}
