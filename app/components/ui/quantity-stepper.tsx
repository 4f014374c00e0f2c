import { Minus, Plus } from "~/components/ui/icons";
import { cn } from "~/lib/class-names";

/**
 * A quantity from `min` to `max` (docs/product.md#states: 1 to the selected variant's stock). The cart's
 * lines use `min` 0, so minus at 1 removes the line, and `size` "sm".
 */
export function QuantityStepper({
  value,
  onChange,
  min = 1,
  max,
  itemName,
  size = "md",
}: {
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max: number;
  /** Names the control and its buttons when a page has several: "Quantity of Whitening Pen". */
  itemName?: string;
  size?: "sm" | "md";
}) {
  const of = itemName ? ` of ${itemName}` : "";
  const label = `Quantity${of}`;
  const upper = Math.max(min, max);
  const clamp = (next: number) => Math.min(upper, Math.max(min, next));
  const buttonClass = cn(
    "inline-flex items-center justify-center rounded-full text-ink hover:text-brand disabled:opacity-40",
    size === "sm" ? "size-9" : "size-12",
  );
  return (
    <fieldset
      className={cn(
        "inline-flex items-center rounded-full border border-line bg-white",
        size === "sm" ? "h-9" : "h-12",
      )}
    >
      <legend className="sr-only">{label}</legend>
      <button
        type="button"
        onClick={() => onChange(clamp(value - 1))}
        disabled={value <= min}
        aria-label={`Decrease quantity${of}`}
        className={buttonClass}
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
        className={cn(
          "h-full [appearance:textfield] bg-transparent text-center font-semibold outline-none [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none",
          size === "sm" ? "w-9 text-sm" : "w-12 text-base",
        )}
      />
      <button
        type="button"
        onClick={() => onChange(clamp(value + 1))}
        disabled={value >= upper}
        aria-label={`Increase quantity${of}`}
        className={buttonClass}
      >
        <Plus className="size-4" aria-hidden="true" />
      </button>
    </fieldset>
  );
}
