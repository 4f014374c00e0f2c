import { type ReactNode, useId, useState } from "react";
import { useAccountForm } from "~/components/account/use-account-form";
import { Button } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { showToast } from "~/lib/toast";

/** What a field of the form needs to show the server's refusal beside it. */
export type PartProblem = { id: string; message: string | null };

/**
 * A few of the shop's settings, saved on their own beside the screen they act on (the checkout
 * reminder's, the back-in-stock alerts'): the rest stay as saved. The server refuses a save from
 * settings changed since the page opened (`version`), and says why beside the fields.
 */
export function SettingsPartForm({
  heading,
  intent,
  version,
  description,
  submitLabel,
  savedDescription,
  fields,
}: {
  heading: string;
  intent: string;
  version: number;
  description: ReactNode;
  submitLabel: string;
  savedDescription: string;
  fields: (problem: PartProblem) => ReactNode;
}) {
  const id = useId();
  const [message, setMessage] = useState<string | null>(null);
  const { fetcher, busy } = useAccountForm(`settings-${intent}`, (result) => {
    if (result.ok) {
      setMessage(null);
      void showToast("Settings Saved!", { description: savedDescription });
      return;
    }
    const refusal = result.message ?? "Something went wrong";
    setMessage(refusal);
    void showToast("Settings not saved", { description: refusal, tone: "error" });
  });
  return (
    <fetcher.Form
      method="post"
      aria-labelledby={`${id}-heading`}
      className={`${cardClass} space-y-4`}
      noValidate
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {heading}
      </h2>
      <div className="text-sm text-ink-muted">{description}</div>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="version" value={version} />
      <div className="flex flex-wrap items-end gap-x-6 gap-y-4">
        {fields({ id: `${id}-problem`, message })}
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
      </div>
      {message ? (
        <p id={`${id}-problem`} className="text-sm font-medium text-coral-strong">
          {message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

/** A whole-number setting's field, marked refused while the form's problem stands. */
export function NumberSetting({
  id,
  name,
  label,
  value,
  problem,
}: {
  id: string;
  name: string;
  label: string;
  value: number;
  problem: PartProblem;
}) {
  return (
    <Field id={id} label={label} className="w-48">
      <Input
        id={id}
        name={name}
        inputMode="numeric"
        defaultValue={String(value)}
        aria-invalid={problem.message ? true : undefined}
        aria-describedby={problem.message ? problem.id : undefined}
      />
    </Field>
  );
}
