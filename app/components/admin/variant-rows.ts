import { optionCombinations, valuesKey, variantNameFor } from "@common/catalog/product-options";

// The product editor's options and variant rows as the admin edits them (text as typed), and the
// variants made from the options' values. What the values must be, the server says.

export type OptionRow = {
  key: string;
  name: string;
  /** The option's values as typed: separated by commas. */
  values: string;
};

export type VariantRow = {
  key: string;
  id?: string;
  name: string;
  /** One per option, in the options' order. */
  optionValues: string[];
  sku: string;
  barcode: string;
  grams: string;
  /** One of the product's saved pictures; empty: the main one. */
  imageUrl: string;
  price: string;
  compareAt: string;
  /** A new variant's starting stock; an existing one shows its stock and is counted apart. */
  startingStock: string;
  stockQuantity?: number;
};

let made = 0;
/** A key for a row not saved yet. */
export const newKey = (prefix: string) => `${prefix}-${Date.now()}-${made++}`;

export function blankVariant(change: Partial<VariantRow> = {}): VariantRow {
  return {
    key: newKey("new"),
    name: "",
    optionValues: [],
    sku: "",
    barcode: "",
    grams: "",
    imageUrl: "",
    price: "",
    compareAt: "",
    startingStock: "0",
    ...change,
  };
}

/** An option's values typed with commas, each once (the first spelling kept), blanks left out. */
export function splitValues(typed: string): string[] {
  const seen = new Set<string>();
  const values: string[] = [];
  for (const part of typed.split(",")) {
    const value = part.trim();
    if (value === "" || seen.has(value.toLowerCase())) continue;
    seen.add(value.toLowerCase());
    values.push(value);
  }
  return values;
}

/**
 * One variant for each combination of the options' values: a row that already has those values
 * (or has them but for a new option's first value, or is named by them) is kept as it is; a missing one is added with the first row's prices. A
 * saved variant that matches none stays, for the admin to give it values; an unsaved one goes.
 */
export function variantsFromOptions(options: readonly OptionRow[], rows: readonly VariantRow[]) {
  const values = options.map((option) => splitValues(option.values));
  const combinations = optionCombinations(values);
  if (combinations.length === 0) return [...rows];
  const template = rows[0];
  const unused = new Set(rows);
  // A row without a value for an option (one just added) takes that option's first value.
  const filled = (row: VariantRow) =>
    valuesKey(values.map((choices, index) => row.optionValues[index]?.trim() || choices[0] || ""));
  const generated = combinations.map((combination) => {
    const key = valuesKey(combination);
    const name = variantNameFor(combination).toLowerCase();
    const match =
      [...unused].find((row) => valuesKey(row.optionValues) === key) ??
      [...unused].find((row) => row.optionValues.length > 0 && filled(row) === key) ??
      [...unused].find((row) => row.name.trim().toLowerCase() === name);
    if (match) {
      unused.delete(match);
      return { ...match, optionValues: combination, name: variantNameFor(combination) };
    }
    return blankVariant({
      optionValues: combination,
      name: variantNameFor(combination),
      price: template?.price ?? "",
    });
  });
  return [...generated, ...[...unused].filter((row) => row.id)];
}

/** The variants as the form sends them: as many values as there are options. */
export function variantsField(options: readonly OptionRow[], rows: readonly VariantRow[]) {
  return JSON.stringify(
    rows.map((row) => ({
      id: row.id,
      name: options.length > 0 ? variantNameFor(row.optionValues) : row.name,
      optionValues: options.map((_, index) => row.optionValues[index] ?? ""),
      sku: row.sku,
      barcode: row.barcode,
      grams: row.grams,
      imageUrl: row.imageUrl,
      price: row.price,
      compareAt: row.compareAt,
      startingStock: row.startingStock,
    })),
  );
}
