import { INVITE_GONE } from "@common/auth/account-messages";
import { MIN_PASSWORD } from "@common/auth/password-rules";
import { type ReactNode, useState } from "react";
import { useNavigate } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { ShopLink } from "~/components/ui/shop-link";
import { showToast } from "~/lib/toast";
import { useAccountForm } from "./use-account-form";
import { viewerStore } from "./viewer-store";

type Invite = { email: string; role: string; accountExists: boolean };

/** Accepted or joined: the dashboard, every loader read again as the new member of staff. */
function useJoined(intent: "accept" | "join") {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const form = useAccountForm(`staff-${intent}`, (result) => {
    if (result.ok) {
      void showToast("Welcome to the staff", { description: "The admin is yours to use." });
      void viewerStore.refresh();
      navigate("/dashboard", { defaultShouldRevalidate: true });
      return;
    }
    setError(result.message ?? "Something went wrong");
    void showToast("Invitation not accepted", {
      description: result.message ?? "Something went wrong",
      tone: "error",
    });
  });
  return { ...form, error };
}

function Problem({ error }: { error: string | null }) {
  return error ? (
    <p role="alert" className="text-sm font-medium text-coral-strong">
      {error}
    </p>
  ) : null;
}

function AcceptForm({ token }: { token: string }) {
  const { fetcher, busy, error } = useJoined("accept");
  return (
    <fetcher.Form method="post" defaultShouldRevalidate={false} className="mt-6 space-y-4">
      <input type="hidden" name="intent" value="accept" />
      <input type="hidden" name="token" value={token} />
      <Problem error={error} />
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        Accept the invitation
      </Button>
    </fetcher.Form>
  );
}

function JoinForm({ token }: { token: string }) {
  const { fetcher, busy, error } = useJoined("join");
  return (
    <fetcher.Form method="post" defaultShouldRevalidate={false} className="mt-6 space-y-5">
      <input type="hidden" name="intent" value="join" />
      <input type="hidden" name="token" value={token} />
      <Field id="join-name" label="Full name">
        <Input id="join-name" name="fullName" required maxLength={100} autoComplete="name" />
      </Field>
      <Field
        id="join-password"
        label="Choose a password"
        hint={`At least ${MIN_PASSWORD} characters.`}
      >
        <Input
          id="join-password"
          name="password"
          type="password"
          required
          minLength={MIN_PASSWORD}
          autoComplete="new-password"
          aria-describedby="join-password-hint"
        />
      </Field>
      <Problem error={error} />
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        Join the staff
      </Button>
    </fetcher.Form>
  );
}

/**
 * The invitation's page (docs/admin.md#staff): what the link holds, then the one step that fits
 * who is here: accept as the invited account, log in as it first, or make it with a password.
 */
export function StaffInvitePanel({
  token,
  invite,
  signedInAs,
}: {
  token: string;
  invite: Invite | null;
  signedInAs: string | null;
}) {
  const back = `/staff-invite?${new URLSearchParams({ token })}`;
  let step: ReactNode;
  if (!invite) {
    step = (
      <>
        <p role="alert" className="mt-4 text-ink-muted">
          {INVITE_GONE}
        </p>
        <ShopLink to="/" className={`${buttonVariants()} mt-6`}>
          Back to the shop
        </ShopLink>
      </>
    );
  } else if (signedInAs === invite.email) {
    step = <AcceptForm token={token} />;
  } else if (signedInAs) {
    step = (
      <p role="alert" className="mt-4 text-ink-muted">
        You are logged in as {signedInAs}. This invitation is for {invite.email}: log out, then open
        the link again.
      </p>
    );
  } else if (invite.accountExists) {
    step = (
      <ShopLink
        to={`/login?${new URLSearchParams({ redirectTo: back })}`}
        className={`${buttonVariants({ size: "lg" })} mt-6 w-full`}
      >
        Log in as {invite.email} to accept
      </ShopLink>
    );
  } else {
    step = <JoinForm token={token} />;
  }
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <div className="rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-soft sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">Join the staff</h1>
        {invite ? (
          <p className="mt-2 text-ink-muted">
            You are invited to help run the shop as <strong>{invite.role}</strong>, with the address{" "}
            <strong className="break-all">{invite.email}</strong>.
          </p>
        ) : null}
        {step}
      </div>
    </div>
  );
}
