import { MIN_PASSWORD } from "@common/auth/password-rules";
import { useRef } from "react";
import { useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { showToast } from "~/lib/toast";
import { useAccountForm } from "./use-account-form";
import { viewerStore } from "./viewer-store";

function ChangePasswordForm() {
  const form = useRef<HTMLFormElement>(null);
  const { fetcher, busy } = useAccountForm("change-password", (result) => {
    if (result.ok) {
      void showToast("Settings Saved!", { description: "Your password has been changed." });
      form.current?.reset();
    } else {
      void showToast("Settings not saved", {
        description: result.message ?? "Something went wrong",
        tone: "error",
      });
    }
  });
  return (
    <fetcher.Form
      ref={form}
      method="post"
      aria-labelledby="password-heading"
      className="space-y-5 rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-soft"
    >
      <h2 id="password-heading" className="text-lg font-semibold">
        Change password
      </h2>
      <input type="hidden" name="intent" value="change-password" />
      <div className="space-y-2">
        <Label htmlFor="current-password">Current password</Label>
        <Input
          id="current-password"
          name="currentPassword"
          type="password"
          required
          autoComplete="current-password"
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor="settings-new-password">New password</Label>
        <Input
          id="settings-new-password"
          name="newPassword"
          type="password"
          required
          minLength={MIN_PASSWORD}
          autoComplete="new-password"
        />
        <p className="text-sm text-ink-muted">
          At least {MIN_PASSWORD} characters. Your other devices will be logged out.
        </p>
      </div>
      <Button type="submit" disabled={busy}>
        Save Settings
      </Button>
    </fetcher.Form>
  );
}

function ChangeEmailForm({ email }: { email: string }) {
  const form = useRef<HTMLFormElement>(null);
  const { fetcher, busy } = useAccountForm("change-email", (result) => {
    if (result.ok) {
      void showToast("Check your new inbox", {
        description: "Open the link we sent there to finish. Until then your email stays as it is.",
      });
      form.current?.reset();
    } else {
      void showToast("Email not changed", {
        description: result.message ?? "Something went wrong",
        tone: "error",
      });
    }
  });
  return (
    <fetcher.Form
      ref={form}
      method="post"
      aria-labelledby="email-heading"
      className="space-y-5 rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-soft"
    >
      <h2 id="email-heading" className="text-lg font-semibold">
        Change email
      </h2>
      <p className="text-sm text-ink-muted">
        You sign in with <strong className="break-all text-ink">{email}</strong>. We send a link to
        the new address to confirm it, and tell this one once it changes.
      </p>
      <input type="hidden" name="intent" value="change-email" />
      <div className="space-y-2">
        <Label htmlFor="new-email">New email</Label>
        <Input id="new-email" name="newEmail" type="email" required autoComplete="email" />
      </div>
      <div className="space-y-2">
        <Label htmlFor="email-password">Password</Label>
        <Input
          id="email-password"
          name="password"
          type="password"
          required
          autoComplete="current-password"
        />
      </div>
      <Button type="submit" disabled={busy}>
        Send the link
      </Button>
    </fetcher.Form>
  );
}

function DeleteAccountForm() {
  const navigate = useNavigate();
  const { fetcher, busy } = useAccountForm("delete-account", (result) => {
    if (result.ok) {
      void showToast("Account deleted", {
        description:
          "Your account has been deleted. Your past orders are kept without your details.",
      });
      navigate("/", { defaultShouldRevalidate: true });
      void viewerStore.refresh();
    } else {
      void showToast("Account not deleted", {
        description: result.message ?? "Something went wrong",
        tone: "error",
      });
    }
  });
  return (
    // On success one navigation reloads every loader (see the log-in form).
    <fetcher.Form
      method="post"
      defaultShouldRevalidate={false}
      aria-labelledby="delete-heading"
      className="space-y-5 rounded-[var(--radius-card)] border border-coral/40 bg-white p-6 shadow-soft"
    >
      <h2 id="delete-heading" className="text-lg font-semibold text-coral-strong">
        Delete account
      </h2>
      <p className="text-sm text-ink-muted">
        This removes your account and your details. Orders you placed stay in our records, without
        your name or address, as the law requires us to keep them; the VAT invoices we issued you
        keep the name and address they were issued to, for six years.
      </p>
      <input type="hidden" name="intent" value="delete-account" />
      <div className="space-y-2">
        <Label htmlFor="delete-password">Password</Label>
        <Input
          id="delete-password"
          name="password"
          type="password"
          required
          autoComplete="current-password"
        />
      </div>
      <label className="flex items-center gap-3 text-sm">
        <input type="checkbox" name="confirm" required className="size-4 accent-coral-strong" />I
        understand this cannot be undone.
      </label>
      <Button type="submit" variant="destructive" disabled={busy}>
        Delete My Account
      </Button>
    </fetcher.Form>
  );
}

/** Settings: change the password (then 'Settings Saved!'), the email, and delete the account. */
export function SettingsForms({ email }: { email: string }) {
  return (
    <div className="max-w-xl space-y-8">
      <ChangePasswordForm />
      <ChangeEmailForm email={email} />
      <DeleteAccountForm />
    </div>
  );
}
