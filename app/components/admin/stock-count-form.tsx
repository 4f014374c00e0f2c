import { useRef } from "react";
import { useAccountForm } from "~/components/account/use-account-form";
import { Button } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { showToast } from "~/lib/toast";

/** A stock count: the units found and why, recorded as an adjustment movement. */
export function StockCountForm({ variants }: { variants: { id: string; name: string }[] }) {
  const form = useRef<HTMLFormElement>(null);
  const { fetcher, busy } = useAccountForm("stock-count", (result) => {
    if (result.ok) {
      void showToast("Stock updated");
      form.current?.reset();
    } else {
      void showToast("Stock not updated", {
        description: result.message ?? "Something went wrong",
        tone: "error",
      });
    }
  });
  return (
    <fetcher.Form ref={form} method="post" aria-labelledby="stock-heading" className={cardClass}>
      <h2 id="stock-heading" className="text-lg font-semibold">
        Count stock
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Set a variant's stock to what you counted; the difference is kept with your reason.
      </p>
      <input type="hidden" name="intent" value="count" />
      <div className="mt-4 grid gap-4 sm:grid-cols-3">
        <Field id="count-variant" label="Variant">
          <Select id="count-variant" name="variantId">
            {variants.map((variant) => (
              <option key={variant.id} value={variant.id}>
                {variant.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="count-units" label="Units counted">
          <Input id="count-units" name="counted" inputMode="numeric" required />
        </Field>
        <Field
          id="count-reason"
          label="Reason"
          hint="For example: delivery of 50, or 2 damaged in the warehouse."
        >
          <Input
            id="count-reason"
            name="reason"
            required
            maxLength={200}
            aria-describedby="count-reason-hint"
          />
        </Field>
      </div>
      <Button type="submit" className="mt-4" disabled={busy}>
        Save count
      </Button>
    </fetcher.Form>
  );
}
