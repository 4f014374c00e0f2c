import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { showToast } from "~/lib/toast";
import { useAccountForm } from "./use-account-form";

/** Full name and phone, saved to the account; then 'Details Updated!' (docs/product.md#validation). */
export function DetailsForm({
  profile,
}: {
  profile: { fullName: string; email: string; phone: string };
}) {
  const { fetcher, busy } = useAccountForm("details", (result) => {
    if (result.ok) {
      void showToast("Details Updated!", { description: "Your details have been saved." });
    } else {
      void showToast("Details not saved", {
        description: result.message ?? "Something went wrong",
        tone: "error",
      });
    }
  });
  return (
    <fetcher.Form
      method="post"
      className="max-w-xl space-y-5 rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-soft"
    >
      <input type="hidden" name="intent" value="details" />
      <Field id="details-name" label="Full name">
        <Input
          id="details-name"
          name="fullName"
          required
          maxLength={100}
          autoComplete="name"
          defaultValue={profile.fullName}
        />
      </Field>
      <Field id="details-email" label="Email" hint="To change your email address, go to Settings.">
        <Input
          id="details-email"
          type="email"
          value={profile.email}
          readOnly
          aria-describedby="details-email-hint"
        />
      </Field>
      <Field id="details-phone" label="Phone">
        <Input
          id="details-phone"
          name="phone"
          type="tel"
          maxLength={30}
          autoComplete="tel"
          defaultValue={profile.phone}
        />
      </Field>
      <Button type="submit" disabled={busy}>
        Save Details
      </Button>
    </fetcher.Form>
  );
}
