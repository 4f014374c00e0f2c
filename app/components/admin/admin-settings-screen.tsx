import type { ComponentProps } from "react";
import { cardClass } from "~/components/ui/card";
import { SettingsForm, type SettingsView } from "./settings-form";
import { StaffSection } from "./staff-section";

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

/** docs/product.md#screens: admin-settings and admin-payments, one screen. */
export function AdminSettingsScreen({
  settings,
  payments,
  staff,
  invites,
  currentAdminId,
}: {
  settings: SettingsView;
  payments: PaymentSetupView;
  staff: ComponentProps<typeof StaffSection>["staff"];
  invites: ComponentProps<typeof StaffSection>["invites"];
  currentAdminId: string;
}) {
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
      <StaffSection staff={staff} invites={invites} currentId={currentAdminId} />
    </section>
  );
}
