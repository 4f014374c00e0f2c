import { MAX_OPTIONS, variantNameFor } from "@common/catalog/product-options";
import type { Dispatch, SetStateAction } from "react";
import { Button } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import type { FieldProblem } from "~/components/ui/field-problem";
import { Plus, Trash2 } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import {
  blankVariant,
  newKey,
  type OptionRow,
  type VariantRow,
  variantsFromOptions,
} from "./variant-rows";

// The product editor's options and variants (./product-editor.tsx): up to three options whose
// values make the variants, and a row per variant edited in place, sent with the form as JSON.

/** The refusals of the last save, field by field. */
export type Problems = readonly NonNullable<FieldProblem>[];

type Update = (key: string, change: Partial<VariantRow>) => void;

function TextField({
  id,
  label,
  value,
  onChange,
  inputMode,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  inputMode?: "decimal" | "numeric";
}) {
  return (
    <Field id={id} label={label}>
      <Input
        id={id}
        inputMode={inputMode}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}

/** One variant's row: its name or option values, prices, codes, weight and stock. */
type PictureChoice = { url: string; label: string };

function VariantFields({
  row,
  index,
  options,
  pictures,
  update,
  remove,
}: {
  row: VariantRow;
  index: number;
  options: readonly OptionRow[];
  pictures: readonly PictureChoice[];
  update: Update;
  remove: (key: string) => void;
}) {
  const id = (field: string) => `variant-${row.key}-${field}`;
  const title = options.length > 0 ? variantNameFor(row.optionValues) : row.name;
  return (
    <li className="rounded-[var(--radius-card)] border border-line p-4">
      <div className="flex items-center justify-between gap-3">
        <h3 className="text-sm font-semibold">
          Variant {index + 1}
          {title.trim() ? `: ${title}` : ""}
          {index === 0 ? <span className="font-normal text-ink-muted"> (default)</span> : null}
        </h3>
        {row.id ? null : (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => remove(row.key)}
            aria-label={`Remove variant ${index + 1}`}
          >
            <Trash2 aria-hidden="true" />
            Remove
          </Button>
        )}
      </div>
      <div className="mt-3 grid gap-3 sm:grid-cols-4">
        {options.length > 0 ? (
          options.map((option, position) => (
            <TextField
              key={option.key}
              id={id(`value-${position}`)}
              label={option.name.trim() || `Option ${position + 1}`}
              value={row.optionValues[position] ?? ""}
              onChange={(value) => {
                const optionValues = options.map((_, at) => row.optionValues[at] ?? "");
                optionValues[position] = value;
                update(row.key, { optionValues });
              }}
            />
          ))
        ) : (
          <TextField
            id={id("name")}
            label={`Variant ${index + 1} name`}
            value={row.name}
            onChange={(name) => update(row.key, { name })}
          />
        )}
        <TextField
          id={id("price")}
          label="Price (£)"
          inputMode="decimal"
          value={row.price}
          onChange={(price) => update(row.key, { price })}
        />
        <TextField
          id={id("compare")}
          label="Compare-at (£, optional)"
          inputMode="decimal"
          value={row.compareAt}
          onChange={(compareAt) => update(row.key, { compareAt })}
        />
        {row.id ? (
          <div className="space-y-2">
            <p className="text-sm font-medium">Stock</p>
            <p className="flex h-12 items-center text-base" data-testid={`stock-${row.id}`}>
              {row.stockQuantity} units
            </p>
          </div>
        ) : (
          <TextField
            id={id("stock")}
            label="Starting stock"
            inputMode="numeric"
            value={row.startingStock}
            onChange={(startingStock) => update(row.key, { startingStock })}
          />
        )}
        <TextField
          id={id("sku")}
          label="SKU (optional)"
          value={row.sku}
          onChange={(sku) => update(row.key, { sku })}
        />
        <TextField
          id={id("barcode")}
          label="Barcode (GTIN, optional)"
          inputMode="numeric"
          value={row.barcode}
          onChange={(barcode) => update(row.key, { barcode })}
        />
        <TextField
          id={id("grams")}
          label="Weight (g, optional)"
          inputMode="numeric"
          value={row.grams}
          onChange={(grams) => update(row.key, { grams })}
        />
        {pictures.length > 1 ? (
          <Field id={id("picture")} label="Picture shown">
            <Select
              id={id("picture")}
              value={row.imageUrl}
              onChange={(event) => update(row.key, { imageUrl: event.target.value })}
            >
              <option value="">The main picture</option>
              {pictures.slice(1).map((picture) => (
                <option key={picture.url} value={picture.url}>
                  {picture.label}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
      </div>
    </li>
  );
}

/** The options: a name and its values each, and the button making the variants from them. */
function OptionsFields({
  options,
  setOptions,
  makeVariants,
}: {
  options: OptionRow[];
  setOptions: Dispatch<SetStateAction<OptionRow[]>>;
  makeVariants: () => void;
}) {
  const change = (key: string, patch: Partial<OptionRow>) =>
    setOptions((rows) => rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  return (
    <div className="mt-4 space-y-3">
      {options.map((option, index) => (
        <div key={option.key} className="grid items-end gap-3 sm:grid-cols-[1fr_2fr_auto]">
          <TextField
            id={`option-${option.key}-name`}
            label={`Option ${index + 1} name`}
            value={option.name}
            onChange={(name) => change(option.key, { name })}
          />
          <TextField
            id={`option-${option.key}-values`}
            label={`Option ${index + 1} values, separated by commas`}
            value={option.values}
            onChange={(values) => change(option.key, { values })}
          />
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Remove option ${index + 1}`}
            onClick={() => setOptions((rows) => rows.filter((row) => row.key !== option.key))}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      ))}
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          disabled={options.length >= MAX_OPTIONS}
          onClick={() =>
            setOptions((rows) => [...rows, { key: newKey("option"), name: "", values: "" }])
          }
        >
          <Plus aria-hidden="true" />
          Add an option
        </Button>
        {options.length > 0 ? (
          <Button variant="secondary" onClick={makeVariants}>
            Make the variants from these values
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** The options and the variants, the first the default, and a button adding one. */
export function VariantsSection({
  pictures,
  options,
  setOptions,
  variants,
  setVariants,
  problems,
}: {
  /** The product's saved pictures, the main one first: a variant may show one. */
  pictures: readonly PictureChoice[];
  options: OptionRow[];
  setOptions: Dispatch<SetStateAction<OptionRow[]>>;
  variants: VariantRow[];
  setVariants: Dispatch<SetStateAction<VariantRow[]>>;
  problems: Problems;
}) {
  const variantProblem =
    problems.find(
      (entry) => entry.field?.startsWith("variants") || entry.field?.startsWith("optionNames"),
    )?.message ?? null;
  const update: Update = (key, change) =>
    setVariants((rows) => rows.map((row) => (row.key === key ? { ...row, ...change } : row)));
  const remove = (key: string) => setVariants((rows) => rows.filter((row) => row.key !== key));
  return (
    <section className={cardClass} aria-labelledby="variants-heading">
      <h2 id="variants-heading" className="text-lg font-semibold">
        Options and variants
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Up to three options, such as Shade or Pack size: their values make the variants, and the
        product page lets shoppers choose by them. Without options, name each variant.
      </p>
      <OptionsFields
        options={options}
        setOptions={setOptions}
        makeVariants={() => setVariants((rows) => variantsFromOptions(options, rows))}
      />
      <p className="mt-6 text-sm text-ink-muted">
        The first variant is the default. Prices in pounds, VAT included; a compare-at price is a
        genuine former price, shown with a SALE badge.
      </p>
      {variantProblem ? (
        <p role="alert" className="mt-3 text-sm font-medium text-coral-strong">
          {variantProblem}
        </p>
      ) : null}
      <ul className="mt-4 space-y-4">
        {variants.map((row, index) => (
          <VariantFields
            key={row.key}
            row={row}
            index={index}
            options={options}
            pictures={pictures}
            update={update}
            remove={remove}
          />
        ))}
      </ul>
      <Button
        variant="secondary"
        className="mt-4"
        onClick={() =>
          setVariants((rows) => [...rows, blankVariant({ optionValues: options.map(() => "") })])
        }
      >
        <Plus aria-hidden="true" />
        Add a variant
      </Button>
    </section>
  );
}
