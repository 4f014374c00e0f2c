import type { FormAnswer } from "@common/form-answer";
import { useRef } from "react";
import { useFetcher } from "react-router";
import { useAccountForm } from "~/components/account/use-account-form";
import { Button } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { showToast } from "~/lib/toast";
import { SettingsForm, type SettingsView } from "./settings-form";
import { useConfirmedSubmit } from "./use-confirmed-submit";

export type PaymentSetupView = {
  provider: "test" | "stripe";
  stripeSecretKey: boolean;
  stripeWebhookSecret: boolean;
  stripePublishableKey: boolean;
};

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[14rem_1fr]">
      <dt className="text-ink-muted">{label}</dt>
      <dd className="font-medium break-words">{value}</dd>
    </div>
  );
}

function InviteForm() {
  const form = useRef<HTMLFormElement>(null);
  const { fetcher, busy } = useAccountForm("invite-admin", (result) => {
    if (result.ok) {
      void showToast("Admin added", {
        description: "They have admin access from their next page.",
      });
      form.current?.reset();
    } else {
      void showToast("Admin not added", {
        description: result.message ?? "Something went wrong",
        tone: "error",
      });
    }
  });
  return (
    <fetcher.Form ref={form} method="post" className="mt-4 flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="promote" />
      <Field id="invite-email" label="Invite an admin by email" className="min-w-0 flex-1">
        <Input id="invite-email" name="email" type="email" required autoComplete="off" />
      </Field>
      <Button type="submit" disabled={busy}>
        Invite
      </Button>
    </fetcher.Form>
  );
}

const DEMOTE = "demote-admin";

/**
 * One admin's Remove button: it asks first (access is taken away). Its answer is read by the
 * screen (the row goes when it works).
 */
function DemoteButton({ admin }: { admin: { id: string; fullName: string; email: string } }) {
  const fetcher = useFetcher<FormAnswer>({ key: DEMOTE });
  const asking = useConfirmedSubmit(fetcher);
  return (
    <fetcher.Form
      method="post"
      onSubmit={(event) => {
        event.preventDefault();
        asking.ask(event.currentTarget, {
          title: `Remove admin access from ${admin.fullName} (${admin.email})?`,
          detail: (
            <p>
              They keep their customer account; from their next page they no longer see the admin.
              They can be invited again.
            </p>
          ),
          confirmLabel: "Remove access",
          busyLabel: "Removing…",
        });
      }}
    >
      <input type="hidden" name="intent" value="demote" />
      <input type="hidden" name="userId" value={admin.id} />
      <Button
        type="submit"
        variant="secondary"
        size="sm"
        disabled={asking.busy}
        aria-label={`Remove admin access from ${admin.fullName} (${admin.email})`}
      >
        Remove
      </Button>
      {asking.dialog}
    </fetcher.Form>
  );
}

/** docs/product.md#screens: admin-settings and admin-payments, one screen. */
export function AdminSettingsScreen({
  settings,
  payments,
  admins,
  currentAdminId,
}: {
  settings: SettingsView;
  payments: PaymentSetupView;
  admins: { id: string; fullName: string; email: string }[];
  currentAdminId: string;
}) {
  useAccountForm(DEMOTE, (result) => {
    if (result.ok) void showToast("Admin removed", { description: "They are a customer now." });
    else
      void showToast("Admin not removed", {
        description: result.message ?? "Something went wrong",
        tone: "error",
      });
  });
  return (
    <section>
      <h1 className="text-3xl font-bold tracking-tight">Settings and payments</h1>
      <section aria-labelledby="payments-heading" className={`${cardClass} mt-6`}>
        <h2 id="payments-heading" className="text-lg font-semibold">
          Payments
        </h2>
        <dl className="mt-2 divide-y divide-line text-sm">
          <Row
            label="Provider"
            value={
              payments.provider === "stripe"
                ? "Stripe: card payments are real"
                : "Test provider: no money moves (cards 4242 4242 4242 4242 and 4000 0000 0000 0002)"
            }
          />
          <Row label="Stripe secret key" value={payments.stripeSecretKey ? "Set" : "Not set"} />
          <Row
            label="Stripe webhook secret"
            value={payments.stripeWebhookSecret ? "Set" : "Not set"}
          />
          <Row
            label="Stripe publishable key"
            value={payments.stripePublishableKey ? "Set" : "Not set"}
          />
        </dl>
      </section>
      <section aria-labelledby="shop-heading" className={`${cardClass} mt-6`}>
        <h2 id="shop-heading" className="text-lg font-semibold">
          Shop
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          The storefront, the checkout and the emails use these as soon as they are saved. The
          server's environment gives the defaults (docs/configuration.md).
        </p>
        <SettingsForm settings={settings} />
      </section>
      <section aria-labelledby="admins-heading" className={`${cardClass} mt-6`}>
        <h2 id="admins-heading" className="text-lg font-semibold">
          Admins
        </h2>
        <ul className="mt-2 divide-y divide-line text-sm">
          {admins.map((admin) => (
            <li key={admin.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <span>
                <span className="block font-medium">{admin.fullName}</span>
                <span className="block text-ink-muted break-all">{admin.email}</span>
              </span>
              {admin.id === currentAdminId ? (
                <span className="text-ink-muted">You</span>
              ) : (
                <DemoteButton admin={admin} />
              )}
            </li>
          ))}
        </ul>
        <InviteForm />
      </section>
    </section>
  );
}
