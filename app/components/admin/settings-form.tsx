import { formatVatNumber } from "@common/invoices/vat-number";
import { penceToDecimalString } from "@common/money";
import { useState } from "react";
import { useAccountForm } from "~/components/account/use-account-form";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { ShopLink } from "~/components/ui/shop-link";
import { Textarea } from "~/components/ui/textarea";
import { showToast } from "~/lib/toast";

export type SettingsView = {
  /** Sent back with a save: a save from a version since changed is refused. */
  version: number;
  shopName: string;
  supportEmail: string;
  supportPhone: string;
  supportHours: string;
  whatsappNumber: string;
  shippingFlatRatePence: number;
  freeShippingOverPence: number;
  firstOrderDiscountPercent: number;
  pendingOrderMinutes: number;
  legalName: string;
  businessAddress: string;
  vatNumber: string;
  companyNumber: string;
  returnWindowDays: number;
  reviewRequestDays: number;
  returnReasons: string[];
};

/** The form's field for a setting the server refused (its names are the settings'). */
function formField(setting: string | undefined): string | undefined {
  if (setting === "shippingFlatRatePence") return "shippingFlatRate";
  if (setting === "freeShippingOverPence") return "freeShippingOver";
  if (setting?.startsWith("returnReasons")) return "returnReasons";
  return setting;
}

type Problem = { field?: string; message: string };
type SectionProps = { settings: SettingsView; problem: Problem | null };

/** A text field of the form, with its error beside it when the server refused it. */
function settingField(
  problem: Problem | null,
  name: string,
  label: string,
  defaultValue: string,
  props: {
    type?: string;
    inputMode?: "decimal" | "numeric";
    hint?: string;
  } = {},
) {
  const id = `setting-${name}`;
  const refused = problem?.field === name;
  const described = [props.hint ? `${id}-hint` : null, refused ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <Field id={id} label={label} hint={props.hint}>
      <Input
        id={id}
        name={name}
        type={props.type ?? "text"}
        inputMode={props.inputMode}
        defaultValue={defaultValue}
        aria-invalid={refused || undefined}
        aria-describedby={described || undefined}
      />
      {refused ? (
        <p id={`${id}-error`} className="text-sm font-medium text-coral-strong">
          {problem?.message}
        </p>
      ) : null}
    </Field>
  );
}

/** The shop's name and contacts, the time an order is held, and the money rules. */
function ShopBasics({ settings, problem }: SectionProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {settingField(problem, "shopName", "Shop name", settings.shopName)}
      {settingField(problem, "supportEmail", "Support email", settings.supportEmail, {
        type: "email",
      })}
      {settingField(problem, "supportPhone", "Support phone", settings.supportPhone, {
        type: "tel",
      })}
      {settingField(problem, "supportHours", "Support hours", settings.supportHours)}
      {settingField(problem, "whatsappNumber", "WhatsApp number", settings.whatsappNumber, {
        inputMode: "numeric",
        hint: "Digits only, with the country code.",
      })}
      {settingField(
        problem,
        "pendingOrderMinutes",
        "Hold unpaid orders for (minutes)",
        String(settings.pendingOrderMinutes),
        {
          inputMode: "numeric",
          hint: "Longer than the checkout reminder's delay, while it is on.",
        },
      )}
      {settingField(
        problem,
        "shippingFlatRate",
        "Shipping (£)",
        penceToDecimalString(settings.shippingFlatRatePence),
        {
          inputMode: "decimal",
        },
      )}
      {settingField(
        problem,
        "freeShippingOver",
        "Free shipping over (£)",
        penceToDecimalString(settings.freeShippingOverPence),
        {
          inputMode: "decimal",
          hint: "After the first-order discount.",
        },
      )}
      {settingField(
        problem,
        "firstOrderDiscountPercent",
        "First-order discount (%)",
        String(settings.firstOrderDiscountPercent),
        { inputMode: "numeric" },
      )}
    </div>
  );
}

/**
 * VAT details and returns (the checkout reminder is beside the abandoned checkouts, the
 * announcement bar with the home page).
 */
function SettingsSections({ settings, problem }: SectionProps) {
  return (
    <>
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold">Business details for VAT invoices</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {settingField(problem, "legalName", "Legal name", settings.legalName)}
          {settingField(
            problem,
            "vatNumber",
            "VAT registration number",
            formatVatNumber(settings.vatNumber),
            {
              hint: "A UK number, such as GB 999 9999 73.",
            },
          )}
          {settingField(problem, "businessAddress", "Business address", settings.businessAddress, {
            hint: "On one line, parts separated by commas.",
          })}
          {settingField(
            problem,
            "companyNumber",
            "Company number (optional)",
            settings.companyNumber,
          )}
        </div>
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold">Returns</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {settingField(
            problem,
            "returnWindowDays",
            "Returns accepted for (days)",
            String(settings.returnWindowDays),
            {
              inputMode: "numeric",
              hint: "Counted from the day an order is marked delivered.",
            },
          )}
          {settingField(
            problem,
            "reviewRequestDays",
            "Ask for a review after (days)",
            String(settings.reviewRequestDays),
            {
              inputMode: "numeric",
              hint: "After the order is marked delivered: long enough to judge the results.",
            },
          )}
          <Field
            id="setting-returnReasons"
            label="Reasons a customer can give"
            hint="One a line, up to 12."
          >
            <Textarea
              id="setting-returnReasons"
              name="returnReasons"
              height="lg"
              defaultValue={settings.returnReasons.join("\n")}
              aria-invalid={problem?.field === "returnReasons" || undefined}
              aria-describedby={
                problem?.field === "returnReasons"
                  ? "setting-returnReasons-hint setting-returnReasons-error"
                  : "setting-returnReasons-hint"
              }
            />
            {problem?.field === "returnReasons" ? (
              <p id="setting-returnReasons-error" className="text-sm font-medium text-coral-strong">
                {problem.message}
              </p>
            ) : null}
          </Field>
        </div>
      </fieldset>
      <p className="text-sm text-ink-muted">
        The announcement bar's messages are edited with the{" "}
        <ShopLink
          to="/dashboard/admin-pages/home"
          className="font-medium text-brand-strong underline underline-offset-2"
        >
          home page
        </ShopLink>
        .
      </p>
    </>
  );
}

/**
 * The shop's settings, saved together (the server checks them all, and saves all or none); a
 * refused field shows the reason beside it.
 */
export function SettingsForm({ settings }: { settings: SettingsView }) {
  const [problem, setProblem] = useState<Problem | null>(null);
  const { fetcher, busy } = useAccountForm("shop-settings", (result) => {
    if (result.ok) {
      setProblem(null);
      void showToast("Settings Saved!", { description: "The shop shows them from now on." });
    } else {
      setProblem({
        field: formField(result.field),
        message: result.message ?? "Something went wrong",
      });
      void showToast("Settings not saved", {
        description: result.message ?? "Something went wrong",
        tone: "error",
      });
    }
  });
  return (
    <fetcher.Form
      method="post"
      aria-labelledby="shop-heading"
      className="mt-4 space-y-6"
      noValidate
    >
      <input type="hidden" name="intent" value="settings" />
      <input type="hidden" name="version" value={settings.version} />
      <ShopBasics settings={settings} problem={problem} />
      <SettingsSections settings={settings} problem={problem} />
      <Button type="submit" disabled={busy}>
        Save Settings
      </Button>
    </fetcher.Form>
  );
}
