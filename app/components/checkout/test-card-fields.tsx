import { Field } from "~/components/ui/field";
import { FlaskConical } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";

/** The offline test provider's card form (docs/architecture.md §6 point 3): no real card is ever charged. */
export function TestCardFields({ disabled }: { disabled: boolean }) {
  return (
    <fieldset className="space-y-4" disabled={disabled}>
      <legend className="text-lg font-semibold">Payment</legend>
      <p className="flex items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
        <FlaskConical className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          <strong>Test mode - no real payment.</strong> Use 4242 4242 4242 4242 with any future
          expiry and any CVC.
        </span>
      </p>
      <Field id="card-number" label="Card number">
        <Input
          id="card-number"
          name="cardNumber"
          required
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          maxLength={23}
        />
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field id="card-expiry" label="Expiry">
          <Input
            id="card-expiry"
            name="cardExpiry"
            required
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            maxLength={9}
          />
        </Field>
        <Field id="card-cvc" label="CVC">
          <Input
            id="card-cvc"
            name="cardCvc"
            required
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
          />
        </Field>
      </div>
    </fieldset>
  );
}
