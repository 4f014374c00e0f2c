import type { Dispatch, SetStateAction } from "react";
import { Button } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import type { FieldProblem } from "~/components/ui/field-problem";
import { Plus } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";

// The product editor's variants (./product-editor.tsx): a row each, edited in place and sent with
// the form as one JSON field.

export type VariantRow = {
  key: string;
  id?: string;
  name: string;
  price: string;
  compareAt: string;
  /** A new variant's starting stock; an existing one shows its stock and is counted apart. */
  startingStock: string;
  stockQuantity?: number;
};

/** The refusals of the last save, field by field. */
export type Problems = readonly NonNullable<FieldProblem>[];

/** One variant's row: its name, prices and stock (counted once it exists, else to start with). */
function VariantFields({
  row,
  index,
  update,
}: {
  row: VariantRow;
  index: number;
  update: (key: string, change: Partial<VariantRow>) => void;
}) {
  return (
    <li className="grid gap-3 rounded-[var(--radius-card)] border border-line p-4 sm:grid-cols-4">
      <Field id={`variant-${row.key}-name`} label={`Variant ${index + 1} name`}>
        <Input
          id={`variant-${row.key}-name`}
          value={row.name}
          onChange={(event) => update(row.key, { name: event.target.value })}
        />
      </Field>
      <Field id={`variant-${row.key}-price`} label="Price (£)">
        <Input
          id={`variant-${row.key}-price`}
          inputMode="decimal"
          value={row.price}
          onChange={(event) => update(row.key, { price: event.target.value })}
        />
      </Field>
      <Field id={`variant-${row.key}-compare`} label="Compare-at (£, optional)">
        <Input
          id={`variant-${row.key}-compare`}
          inputMode="decimal"
          value={row.compareAt}
          onChange={(event) => update(row.key, { compareAt: event.target.value })}
        />
      </Field>
      {row.id ? (
        <div className="space-y-2">
          <p className="text-sm font-medium">Stock</p>
          <p className="flex h-12 items-center text-base" data-testid={`stock-${row.id}`}>
            {row.stockQuantity} units
          </p>
        </div>
      ) : (
        <Field id={`variant-${row.key}-stock`} label="Starting stock">
          <Input
            id={`variant-${row.key}-stock`}
            inputMode="numeric"
            value={row.startingStock}
            onChange={(event) => update(row.key, { startingStock: event.target.value })}
          />
        </Field>
      )}
    </li>
  );
}

/** The variants, the first the default, and a button adding one. */
export function VariantsSection({
  variants,
  setVariants,
  problems,
}: {
  variants: VariantRow[];
  setVariants: Dispatch<SetStateAction<VariantRow[]>>;
  problems: Problems;
}) {
  const variantProblem =
    problems.find((entry) => entry.field?.startsWith("variants"))?.message ?? null;
  const update = (key: string, change: Partial<VariantRow>) =>
    setVariants((rows) => rows.map((row) => (row.key === key ? { ...row, ...change } : row)));
  return (
    <section className={cardClass} aria-labelledby="variants-heading">
      <h2 id="variants-heading" className="text-lg font-semibold">
        Variants
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        The first is the default. Prices in pounds, VAT included; a compare-at price is a genuine
        former price, shown with a SALE badge.
      </p>
      {variantProblem ? (
        <p role="alert" className="mt-3 text-sm font-medium text-coral-strong">
          {variantProblem}
        </p>
      ) : null}
      <ul className="mt-4 space-y-4">
        {variants.map((row, index) => (
          <VariantFields key={row.key} row={row} index={index} update={update} />
        ))}
      </ul>
      <Button
        variant="secondary"
        className="mt-4"
        onClick={() =>
          setVariants((rows) => [
            ...rows,
            {
              key: `new-${rows.length}-${Date.now()}`,
              name: "",
              price: "",
              compareAt: "",
              startingStock: "0",
            },
          ])
        }
      >
        <Plus aria-hidden="true" />
        Add a variant
      </Button>
    </section>
  );
}
