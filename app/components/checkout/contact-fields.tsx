import type { SavedAddress } from "@common/customers/uk-address";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { AddressFields } from "./address-fields";

/** The account's details the checkout starts from. */
export type CheckoutProfile = { fullName: string; email: string; phone: string };

/** The checkout's "Contact and delivery" fields: the account's name, email and phone, the address. */
export function ContactFields({
  profile,
  addresses,
  disabled,
}: {
  profile: CheckoutProfile;
  addresses: SavedAddress[];
  disabled: boolean;
}) {
  return (
    <fieldset className="space-y-4" disabled={disabled}>
      <legend className="text-lg font-semibold">Contact and delivery</legend>
      <Field id="checkout-name" label="Full name">
        <Input
          id="checkout-name"
          name="fullName"
          required
          maxLength={100}
          autoComplete="name"
          defaultValue={profile.fullName}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="checkout-email"
          label="Email"
          hint="Your order emails go to your account's address."
        >
          <Input
            id="checkout-email"
            name="email"
            type="email"
            required
            readOnly
            aria-describedby="checkout-email-hint"
            maxLength={254}
            autoComplete="email"
            defaultValue={profile.email}
          />
        </Field>
        <Field id="checkout-phone" label="Phone">
          <Input
            id="checkout-phone"
            name="phone"
            type="tel"
            required
            maxLength={20}
            autoComplete="tel"
            defaultValue={profile.phone}
          />
        </Field>
      </div>
      <AddressFields saved={addresses} />
      <Field
        id="checkout-notes"
        label={
          <>
            Notes <span className="font-normal text-ink-muted">(optional)</span>
          </>
        }
      >
        <Textarea id="checkout-notes" name="notes" maxLength={1000} height="sm" />
      </Field>
      <label className="flex items-start gap-3 text-sm text-ink">
        <input
          type="checkbox"
          name="remember"
          defaultChecked
          className="mt-0.5 size-5 shrink-0 accent-brand"
        />
        Remember these details for next time
      </label>
    </fieldset>
  );
}
