import type { DetailVariantView } from "@common/catalog/catalog-types";
import { valuesKey, valuesOfOption, variantChosen } from "@common/catalog/product-options";
import { cn } from "~/lib/class-names";

// How a shopper picks a variant on a product's page: by option (Shade, then Pack), a row of
// choices each, when the product has options; else by the variants' names.

type Choice = {
  value: string;
  label: string;
  checked: boolean /** No variant has it with the other choices. */;
  apart?: boolean;
};

function ChoiceRow({
  legend,
  name,
  choices,
  onChoose,
}: {
  legend: string;
  name: string;
  choices: readonly Choice[];
  onChoose: (value: string) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-ink">{legend}</legend>
      <div className="mt-3 flex flex-wrap gap-3">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className={cn(
              "flex cursor-pointer items-center rounded-full border px-5 py-2.5 text-sm font-medium transition-tints has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand",
              choice.checked
                ? "border-brand bg-brand-soft text-brand-strong"
                : "border-line bg-white text-ink hover:border-brand",
              choice.apart && !choice.checked ? "border-dashed text-ink-muted" : null,
            )}
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={choice.checked}
              onChange={() => onChoose(choice.value)}
              className="sr-only"
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function VariantChoice({
  optionNames,
  variants,
  chosen,
  onChoose,
}: {
  optionNames: readonly string[];
  variants: readonly DetailVariantView[];
  chosen: DetailVariantView | undefined;
  onChoose: (variant: DetailVariantView) => void;
}) {
  if (variants.length < 2) return null;
  if (optionNames.length === 0) {
    return (
      <ChoiceRow
        legend="Choose an option"
        name="variant"
        choices={variants.map((variant) => ({
          value: variant.id,
          label: variant.name,
          checked: variant.id === chosen?.id,
        }))}
        onChoose={(id) => {
          const variant = variants.find((candidate) => candidate.id === id);
          if (variant) onChoose(variant);
        }}
      />
    );
  }
  const exists = new Set(variants.map((variant) => valuesKey(variant.optionValues)));
  return (
    <div className="space-y-5">
      {optionNames.map((optionName, index) => (
        <ChoiceRow
          key={optionName}
          legend={optionName}
          name={`option-${index}`}
          choices={valuesOfOption(variants, index).map((value) => {
            const wanted = [...(chosen?.optionValues ?? [])];
            wanted[index] = value;
            return {
              value,
              label: value,
              checked: chosen?.optionValues[index] === value,
              apart: !exists.has(valuesKey(wanted)),
            };
          })}
          onChoose={(value) => {
            const variant = variantChosen(variants, chosen, index, value);
            if (variant) onChoose(variant);
          }}
        />
      ))}
    </div>
  );
}
