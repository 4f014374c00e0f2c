import { MIN_PASSWORD } from "@common/auth/password-rules";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { showToast } from "~/lib/toast";
import { useAccountForm } from "./use-account-form";
import { viewerStore } from "./viewer-store";

export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const { fetcher, busy } = useAccountForm("reset-password", (result) => {
    if (result.ok) {
      void showToast("Password Updated", { description: "You are now logged in." });
      void viewerStore.refresh();
      navigate("/dashboard", { defaultShouldRevalidate: true });
      return;
    }
    setError(result.message ?? "Something went wrong");
    void showToast("Password Reset Failed", {
      description: result.message || "Something went wrong",
      tone: "error",
    });
  });
  return (
    // On success one navigation reloads every loader (see the log-in form).
    <fetcher.Form method="post" defaultShouldRevalidate={false} className="mt-6 space-y-5">
      <input type="hidden" name="intent" value="reset-password" />
      <input type="hidden" name="token" value={token} />
      <div className="space-y-2">
        <Label htmlFor="new-password">New password</Label>
        <Input
          id="new-password"
          name="password"
          type="password"
          required
          minLength={MIN_PASSWORD}
          autoComplete="new-password"
        />
        <p className="text-sm text-ink-muted">At least {MIN_PASSWORD} characters.</p>
      </div>
      {error ? (
        <p role="alert" className="text-sm font-medium text-coral-strong">
          {error}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        Set New Password
      </Button>
    </fetcher.Form>
  );
}
