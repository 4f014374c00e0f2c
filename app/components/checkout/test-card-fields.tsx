import {
  CARD_MESSAGES,
  cvcIsValid,
  expiryIsValid,
  formatCardNumber,
  formatExpiry,
  passesLuhn,
} from "@common/payments/card-rules";
import { type ChangeEvent, type FocusEvent, useState } from "react";
import { Field } from "~/components/ui/field";
import { FlaskConical } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";

type CardField = "number" | "expiry" | "cvc";

const checks: Record<CardField, (value: string) => boolean> = {
  number: passesLuhn,
  expiry: (value) => expiryIsValid(value, new Date()),
  cvc: cvcIsValid,
};

/**
 * The offline test provider's card form (docs/architecture.md#money-flow): no real card is ever
 * charged. The number and expiry are formatted as typed ("1230" becomes "12 / 30"), and a field
 * left with a mistake says so beside it, with the card network's own message.
 */
export function TestCardFields({ disabled }: { disabled: boolean }) {
  const [problems, setProblems] = useState<Partial<Record<CardField, boolean>>>({});
  const check = (field: CardField) => (event: FocusEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setProblems((now) => ({ ...now, [field]: value !== "" && !checks[field](value) }));
  };
  const reformat =
    (field: CardField, format: (typed: string) => string) =>
    (event: ChangeEvent<HTMLInputElement>) => {
      const input = event.currentTarget;
      const formatted = format(input.value);
      // Deleting the separator leaves the digits as they were: take the deletion as it is.
      if (formatted !== input.value && formatted.length >= input.value.length) {
        input.value = formatted;
      }
      if (problems[field] && checks[field](input.value)) {
        setProblems((now) => ({ ...now, [field]: false }));
      }
    };
  const errorProps = (field: CardField) =>
    problems[field]
      ? { "aria-invalid": true as const, "aria-describedby": `card-${field}-error` }
      : {};
  const error = (field: CardField) =>
    problems[field] ? (
      <p id={`card-${field}-error`} className="text-sm font-medium text-coral-strong">
        {CARD_MESSAGES[field]}
      </p>
    ) : null;
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
          onChange={reformat("number", formatCardNumber)}
          onBlur={check("number")}
          {...errorProps("number")}
        />
        {error("number")}
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
            onChange={reformat("expiry", formatExpiry)}
            onBlur={check("expiry")}
            {...errorProps("expiry")}
          />
          {error("expiry")}
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
            onBlur={check("cvc")}
            {...errorProps("cvc")}
          />
          {error("cvc")}
        </Field>
      </div>
    </fieldset>
  );
}
