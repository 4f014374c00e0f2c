import {
  type DeliveryOption,
  formatCutoff,
  formatDeliveryWindow,
  workingDaysText,
} from "@common/delivery/delivery";
import { formatPence } from "@common/money";
import { cn } from "~/lib/class-names";

/**
 * The checkout's ways to deliver, one radio each: the name, the day (or days) an order paid now
 * arrives, and the price this cart would pay for it ("Free" over its threshold).
 */
export function DeliveryChoice({
  options,
  chosen,
  shippingFor,
  onChoose,
  disabled,
}: {
  options: readonly DeliveryOption[];
  chosen: string;
  /** What this cart pays for a method, priced as the server will price it. */
  shippingFor: (option: DeliveryOption) => number | null;
  onChoose: (id: string) => void;
  disabled: boolean;
}) {
  return (
    <fieldset className="space-y-3" disabled={disabled}>
      <legend className="mb-1 text-lg font-semibold">Delivery</legend>
      {options.map((option) => {
        const shipping = shippingFor(option);
        const id = `delivery-${option.id}`;
        return (
          <label
            key={option.id}
            htmlFor={id}
            className={cn(
              "flex cursor-pointer items-start gap-3 rounded-xl border p-4 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand has-[:focus-visible]:ring-offset-2",
              chosen === option.id ? "border-brand bg-brand-soft/60" : "border-line bg-white",
            )}
          >
            <input
              id={id}
              type="radio"
              name="deliveryMethodId"
              value={option.id}
              checked={chosen === option.id}
              onChange={() => onChoose(option.id)}
              aria-describedby={`${id}-when`}
              className="mt-1 size-4 shrink-0 accent-brand"
            />
            <span className="min-w-0 flex-1">
              <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="font-medium">{option.name}</span>
                <span className="text-sm font-semibold">
                  {shipping === null ? "" : shipping === 0 ? "Free" : formatPence(shipping)}
                </span>
              </span>
              <span id={`${id}-when`} className="mt-1 block text-sm text-ink-muted">
                <span className="font-medium text-ink" data-testid="delivery-estimate">
                  Arrives {formatDeliveryWindow(option.from, option.to)}
                </span>
                {" · "}
                {workingDaysText(option.minWorkingDays, option.maxWorkingDays)}, leaves the same day
                when paid by {formatCutoff(option.cutoffMinutes)} on a working day
              </span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
