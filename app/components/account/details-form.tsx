import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { showToast } from "~/lib/toast";
import { useAccountForm } from "./use-account-form";

/** Full name and phone, saved to the account; then 'Details Updated!' (seed spec §5). */
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
      <div className="space-y-2">
        <Label htmlFor="details-name">Full name</Label>
        <Input
          id="details-name"
          name="fullName"
          required
          maxLength={100}
          autoComplete="name"
          defaultValue={profile.fullName}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor="details-email">Email</Label>
        <Input
          id="details-email"
          type="email"
          value={profile.email}
          readOnly
          aria-describedby="details-email-hint"
        />
        <p id="details-email-hint" className="text-sm text-ink-muted">
          To change your email address, contact us.
        </p>
      </div>
      <div className="space-y-2">
        <Label htmlFor="details-phone">Phone</Label>
        <Input
          id="details-phone"
          name="phone"
          type="tel"
          maxLength={30}
          autoComplete="tel"
          defaultValue={profile.phone}
        />
      </div>
      <Button type="submit" disabled={busy}>
        Save Details
      </Button>
    </fetcher.Form>
  );
}
