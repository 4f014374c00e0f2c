import { Minus, Plus } from "lucide-react";

/** A quantity from `min` to `max` (seed spec §4: 1 to the selected variant's stock). */
export function QuantityStepper({
  value,
  onChange,
  min = 1,
  max,
  label = "Quantity",
}: {
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max: number;
  label?: string;
}) {
  const upper = Math.max(min, max);
  const clamp = (next: number) => Math.min(upper, Math.max(min, next));
  return (
    <fieldset className="inline-flex h-12 items-center rounded-full border border-line bg-white">
      <legend className="sr-only">{label}</legend>
      <button
        type="button"
        onClick={() => onChange(clamp(value - 1))}
        disabled={value <= min}
        aria-label="Decrease quantity"
        className="inline-flex size-12 items-center justify-center rounded-full text-ink hover:text-brand disabled:opacity-40"
      >
        <Minus className="size-4" aria-hidden="true" />
      </button>
      <input
        type="number"
        inputMode="numeric"
        aria-label={label}
        min={min}
        max={upper}
        value={value}
        onChange={(event) => {
          const next = Number.parseInt(event.target.value, 10);
          if (Number.isFinite(next)) onChange(clamp(next));
        }}
        className="h-full w-12 [appearance:textfield] bg-transparent text-center text-base font-semibold outline-none [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
      />
      <button
        type="button"
        onClick={() => onChange(clamp(value + 1))}
        disabled={value >= upper}
        aria-label="Increase quantity"
        className="inline-flex size-12 items-center justify-center rounded-full text-ink hover:text-brand disabled:opacity-40"
      >
        <Plus className="size-4" aria-hidden="true" />
      </button>
    </fieldset>
  );
}
