import { useId, useState } from "react";
import { useAccountForm } from "~/components/account/use-account-form";
import { Button } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { ShopLink } from "~/components/ui/shop-link";
import { showToast } from "~/lib/toast";

export type ReminderSettingsView = {
  /** The settings' version, sent back: a save from settings changed since is refused. */
  version: number;
  abandonedReminderEnabled: boolean;
  abandonedReminderMinutes: number;
  pendingOrderMinutes: number;
};

/**
 * The abandoned checkout reminder's settings, beside the list it acts on: on or off and its
 * delay, which must be sooner than unpaid orders are cancelled (the hold is in the settings).
 */
export function ReminderSettingsForm({ settings }: { settings: ReminderSettingsView }) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const { fetcher, busy } = useAccountForm("reminder-settings", (result) => {
    if (result.ok) {
      setProblem(null);
      void showToast("Settings Saved!", { description: "The reminder follows them from now on." });
      return;
    }
    const message = result.message ?? "Something went wrong";
    setProblem(message);
    void showToast("Settings not saved", { description: message, tone: "error" });
  });
  return (
    <fetcher.Form
      method="post"
      aria-labelledby={`${id}-heading`}
      className={`${cardClass} space-y-4`}
      noValidate
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        Checkout reminder
      </h2>
      <p className="text-sm text-ink-muted">
        One email to a signed-in customer who agreed to marketing and left an order unpaid, with a
        link back to their checkout. It goes only while the order holds its stock: unpaid orders are
        held for {settings.pendingOrderMinutes} minutes (
        <ShopLink
          to="/dashboard/admin-settings"
          className="font-medium text-brand-strong underline underline-offset-2"
        >
          Settings
        </ShopLink>
        ).
      </p>
      <input type="hidden" name="intent" value="reminder" />
      <input type="hidden" name="version" value={settings.version} />
      <div className="flex flex-wrap items-end gap-x-6 gap-y-4">
        <div className="flex h-12 items-center gap-3">
          <input
            id={`${id}-enabled`}
            name="abandonedReminderEnabled"
            type="checkbox"
            defaultChecked={settings.abandonedReminderEnabled}
            className="size-5 accent-brand"
          />
          <Label htmlFor={`${id}-enabled`}>Send the reminder</Label>
        </div>
        <Field id={`${id}-minutes`} label="Send it after (minutes)" className="w-48">
          <Input
            id={`${id}-minutes`}
            name="abandonedReminderMinutes"
            inputMode="numeric"
            defaultValue={String(settings.abandonedReminderMinutes)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
          />
        </Field>
        <Button type="submit" disabled={busy}>
          Save reminder
        </Button>
      </div>
      {problem ? (
        <p id={`${id}-problem`} className="text-sm font-medium text-coral-strong">
          {problem}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
