// The product CSV in Shopify's format (docs/admin.md#product-csv): its columns, the limits of a
// file the shop imports, and how the import reads a cell the export made inert (csv_inert,
// migration 0011, gives a formula-like cell a leading apostrophe). Shared by the export, the
// import and the admin's import screen.

/** Shopify's documented product columns the shop reads and writes, in Shopify's order. */
export const PRODUCT_CSV_COLUMNS = [
  "Handle",
  "Title",
  "Body (HTML)",
  "Vendor",
  "Type",
  "Tags",
  "Published",
  "Option1 Name",
  "Option1 Value",
  "Option2 Name",
  "Option2 Value",
  "Option3 Name",
  "Option3 Value",
  "Variant SKU",
  "Variant Grams",
  "Variant Inventory Qty",
  "Variant Price",
  "Variant Compare At Price",
  "Variant Barcode",
  "Image Src",
  "Image Position",
  "Image Alt Text",
  "SEO Title",
  "SEO Description",
  "Variant Image",
  "Status",
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/** The largest file the import reads: a catalogue of thousands of products is well under it. */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 20_000;
export const IMPORT_TOO_LARGE =
  "The file is over 10 MB: split it into smaller files and import each.";
export const IMPORT_TOO_MANY_ROWS = `The file has more than ${MAX_IMPORT_ROWS.toLocaleString("en-GB")} rows: split it into smaller files and import each.`;

/** Shopify's option name for a product without options, and its one variant's value. */
export const NO_OPTION_NAME = "Title";
export const NO_OPTION_VALUE = "Default Title";

/**
 * A cell a spreadsheet would run as a formula, after the apostrophe the export put before it:
 * csv_inert's class (migrations 0011, 0021, 0050), a sign or a look-alike behind characters
 * that show nothing (the combining grapheme joiner apart: a class cannot hold it).
 */
const MADE_INERT =
  /^'(?:[ \u00A0\u00AD\u061C\u115F\u1160\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2800\u3164\uFEFF\uFFA0]|\u034F)*[-=+@\t\r＝＋－＠﹦﹢﹣﹫−]/;

/** A cell as the import reads it: csv_inert's apostrophe taken off a formula-like cell. */
export function cellText(text: string): string {
  return MADE_INERT.test(text) ? text.slice(1) : text;
}

/** A problem or a note of an import, where it is in the file. */
export type ImportProblem = {
  /** The file's line as a spreadsheet numbers it (the header is row 1); none for the whole file. */
  row: number | null;
  column: string | null;
  message: string;
};

/** What became of one product of an applied import. */
export type ImportOutcome = {
  handle: string;
  name: string;
  /** What was done, or why this product was not saved. */
  result: "created" | "updated" | "failed";
  message: string | null;
  /** Each picture that could not be had, with its row, address and why. */
  imageProblems: string[];
};

/** An import's preview as the admin's screen shows it. */
export type ImportSummary = {
  rows: number;
  problems: ImportProblem[];
  notes: ImportProblem[];
  categoriesToCreate: string[];
  products: {
    handle: string;
    name: string;
    row: number;
    action: "create" | "update";
    created: number;
    updated: number;
    /** How many of its pictures are fetched from their addresses when imported. */
    picturesToFetch: number;
  }[];
};

/** What the import screen's form is answered (an import applied goes to its progress page). */
export type ImportAnswer =
  | { ok: false; message: string }
  | { ok: true; intent: "preview"; fileName: string; preview: ImportSummary };

/** An import applied by the job queue, as its progress page shows it. */
export type ImportProgress = {
  id: string;
  fileName: string;
  /** refused: the file had problems when it was read to be applied, and nothing was saved. */
  status: "queued" | "running" | "finished" | "stopped" | "refused";
  rowsTotal: number;
  rowsDone: number;
  rowsFailed: number;
  /** Rows not reached: the import was stopped, or refused. */
  rowsLeftOut: number;
  created: number;
  updated: number;
  /** Products that failed or lost a picture. */
  outcomes: ImportOutcome[];
  problems: ImportProblem[];
  startedAt: Date;
  finishedAt: Date | null;
};
