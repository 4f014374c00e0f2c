import {
  COUNTRY,
  normalisePostcode,
  postcodeProblem,
  type SavedAddress,
  type UkAddress,
} from "@common/customers/uk-address";
import { type ChangeEvent, type FocusEvent, useState } from "react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";

const EMPTY: UkAddress = { line1: "", line2: "", town: "", postcode: "" };

/**
 * Refuses a postcode that is not one, or is outside the delivery area, in the browser's own check,
 * so the form will not submit; the message is the one beside the field.
 */
function checkPostcode(input: HTMLInputElement): string | null {
  const problem = input.value.trim() === "" ? null : postcodeProblem(input.value);
  input.setCustomValidity(problem ?? "");
  return problem;
}

/**
 * The checkout's UK delivery address (docs/storefront.md, Checkout): first line, second line, town
 * and postcode (checked as a UK postcode and written the Royal Mail way as the shopper leaves it),
 * the country fixed. A returning customer's saved addresses are offered, the last used filled in.
 */
export function AddressFields({ saved }: { saved: SavedAddress[] }) {
  const [choice, setChoice] = useState(saved[0]?.id ?? "new");
  const [postcodeProblemShown, setPostcodeProblem] = useState<string | null>(null);
  const address = saved.find((entry) => entry.id === choice) ?? EMPTY;
  const onPostcodeBlur = (event: FocusEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const normalised = normalisePostcode(input.value);
    if (normalised) input.value = normalised;
    setPostcodeProblem(checkPostcode(input));
  };
  const onPostcodeChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (checkPostcode(event.currentTarget) === null) setPostcodeProblem(null);
  };
  return (
    <fieldset className="space-y-4">
      <legend className="mb-1 font-semibold text-ink">Delivery address</legend>
      {saved.length > 0 ? (
        <Field id="checkout-saved-address" label="Saved addresses">
          <Select
            id="checkout-saved-address"
            value={choice}
            onChange={(event) => {
              setChoice(event.currentTarget.value);
              setPostcodeProblem(null);
            }}
          >
            {saved.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {[entry.line1, entry.town, entry.postcode].join(", ")}
              </option>
            ))}
            <option value="new">A new address</option>
          </Select>
        </Field>
      ) : null}
      {/* A new choice fills the fields afresh; they stay editable. */}
      <div key={choice} className="space-y-4">
        <Field id="checkout-address" label="Shipping address" hint="House number and street.">
          <Input
            id="checkout-address"
            name="addressLine1"
            required
            maxLength={200}
            autoComplete="address-line1"
            aria-describedby="checkout-address-hint"
            defaultValue={address.line1}
          />
        </Field>
        <Field
          id="checkout-address-2"
          label={
            <>
              Address line 2 <span className="font-normal text-ink-muted">(optional)</span>
            </>
          }
        >
          <Input
            id="checkout-address-2"
            name="addressLine2"
            maxLength={200}
            autoComplete="address-line2"
            defaultValue={address.line2}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="checkout-town" label="Town or city">
            <Input
              id="checkout-town"
              name="town"
              required
              maxLength={100}
              autoComplete="address-level2"
              defaultValue={address.town}
            />
          </Field>
          <Field id="checkout-postcode" label="Postcode">
            <Input
              id="checkout-postcode"
              name="postcode"
              required
              maxLength={10}
              autoComplete="postal-code"
              autoCapitalize="characters"
              defaultValue={address.postcode}
              onBlur={onPostcodeBlur}
              onChange={onPostcodeChange}
              aria-invalid={postcodeProblemShown !== null || undefined}
              aria-describedby={postcodeProblemShown ? "checkout-postcode-error" : undefined}
            />
            {postcodeProblemShown ? (
              <p id="checkout-postcode-error" className="text-sm font-medium text-coral-strong">
                {postcodeProblemShown}
              </p>
            ) : null}
          </Field>
        </div>
        <p className="text-sm text-ink-muted">
          Country: <span className="font-medium text-ink">{COUNTRY}</span>. We deliver within the UK
          only.
        </p>
      </div>
    </fieldset>
  );
}
