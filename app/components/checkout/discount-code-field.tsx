import { type ReactNode, useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";

/**
 * The summary's discount code (or gift card): typed and applied, or shown with Remove once
 * applied. `apply` resolves with nothing when the shop took the code, or with the reason it did not.
 */
export function DiscountCodeField({
  applied,
  note,
  apply,
  remove,
  disabled,
  label = "Discount code",
  name = "discountCode",
  appliedText,
}: {
  /** The code in use, in capitals. */
  applied: string | null;
  label?: string;
  name?: string;
  /** What says the code is in use; by default "Code X applied". */
  appliedText?: ReactNode;
  /** Said under the field: why a code was refused, or that another discount saves more. */
  note: string | null;
  apply: (code: string) => Promise<void>;
  remove: () => void;
  disabled: boolean;
}) {
  const id = useId();
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  if (applied) {
    return (
      <div className="mt-4 flex items-center justify-between gap-3 rounded-xl bg-brand-soft p-3 text-sm">
        <p>
          {appliedText ?? (
            <>
              Code <span className="font-semibold">{applied}</span> applied
            </>
          )}
        </p>
        <Button type="button" variant="ghost" size="sm" onClick={remove} disabled={disabled}>
          Remove
        </Button>
      </div>
    );
  }
  return (
    <form
      className="mt-4 space-y-2"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        if (!text.trim() || busy) return;
        setBusy(true);
        void apply(text).finally(() => setBusy(false));
      }}
    >
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          name={name}
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={40}
          spellCheck={false}
          autoCapitalize="characters"
          autoComplete="off"
          aria-describedby={note ? `${id}-note` : undefined}
          aria-invalid={note ? true : undefined}
          disabled={disabled}
        />
        <Button type="submit" variant="secondary" size="lg" disabled={disabled || busy}>
          Apply
        </Button>
      </div>
      {note ? (
        <p id={`${id}-note`} role="alert" className="text-sm font-medium text-coral-strong">
          {note}
        </p>
      ) : null}
    </form>
  );
}
