import { EMAIL_CHANGE_GONE } from "@common/auth/account-messages";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { ShopLink } from "~/components/ui/shop-link";
import { showToast } from "~/lib/toast";
import { useAccountForm } from "./use-account-form";
import { viewerStore } from "./viewer-store";

/**
 * The new address's confirmation (docs/storefront.md#accounts-and-the-cart): its button makes the change.
 * Signed in, the customer goes on to their details; otherwise (sessions elsewhere have ended) to
 * log in with the new address.
 */
export function ConfirmEmailPanel({
  token,
  newEmail,
  signedIn,
}: {
  token: string;
  newEmail: string | null;
  signedIn: boolean;
}) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const { fetcher, busy } = useAccountForm("confirm-email", (result) => {
    if (result.ok) {
      void showToast("Email changed", {
        description: `You now sign in with ${newEmail}.`,
      });
      void viewerStore.refresh();
      navigate(signedIn ? "/dashboard/details" : "/login", { defaultShouldRevalidate: true });
      return;
    }
    setError(result.message ?? "Something went wrong");
    void showToast("Email not changed", {
      description: result.message ?? "Something went wrong",
      tone: "error",
    });
  });
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <div className="rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-soft sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">Confirm your new email</h1>
        {newEmail ? (
          <fetcher.Form method="post" defaultShouldRevalidate={false} className="mt-4 space-y-5">
            <p className="text-ink-muted">
              Your account will sign in with <strong className="break-all">{newEmail}</strong>. You
              will be logged out on your other devices.
            </p>
            <input type="hidden" name="intent" value="confirm" />
            <input type="hidden" name="token" value={token} />
            {error ? (
              <p role="alert" className="text-sm font-medium text-coral-strong">
                {error}
              </p>
            ) : null}
            <Button type="submit" size="lg" className="w-full" disabled={busy}>
              Confirm my new email
            </Button>
          </fetcher.Form>
        ) : (
          <>
            <p role="alert" className="mt-4 text-ink-muted">
              {EMAIL_CHANGE_GONE}
            </p>
            <ShopLink to="/dashboard/settings" className={`${buttonVariants()} mt-6`}>
              Go to my settings
            </ShopLink>
          </>
        )}
      </div>
    </div>
  );
}
