import { useId } from "react";
import { Label } from "~/components/ui/label";
import { ShopLink } from "~/components/ui/shop-link";
import { NumberSetting, SettingsPartForm } from "./settings-part-form";

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
  return (
    <SettingsPartForm
      heading="Checkout reminder"
      intent="reminder"
      version={settings.version}
      submitLabel="Save reminder"
      savedDescription="The reminder follows them from now on."
      description={
        <p>
          One email to a signed-in customer who agreed to marketing and left an order unpaid, with a
          link back to their checkout. It goes only while the order holds its stock: unpaid orders
          are held for {settings.pendingOrderMinutes} minutes (
          <ShopLink
            to="/dashboard/admin-settings"
            className="font-medium text-brand-strong underline underline-offset-2"
          >
            Settings
          </ShopLink>
          ).
        </p>
      }
      fields={(problem) => (
        <>
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
          <NumberSetting
            id={`${id}-minutes`}
            name="abandonedReminderMinutes"
            label="Send it after (minutes)"
            value={settings.abandonedReminderMinutes}
            problem={problem}
          />
        </>
      )}
    />
  );
}
