import { MIN_PASSWORD } from "@common/auth/password-rules";
import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { Loader2 } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Tabs } from "~/components/ui/tabs";
import { showToast } from "~/lib/toast";
import { useAccountForm } from "./use-account-form";
import { viewerStore } from "./viewer-store";

function BusyLabel({ busy, children }: { busy: boolean; children: string }) {
  return busy ? (
    <>
      <Loader2 className="animate-spin" aria-hidden="true" />
      {children}
    </>
  ) : (
    children
  );
}

function LogInForm({ redirectTo, onForgot }: { redirectTo: string; onForgot: () => void }) {
  const navigate = useNavigate();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const { fetcher, busy } = useAccountForm("sign-in", (result) => {
    if (result.ok) {
      void showToast("Login Successful!", {
        description:
          redirectTo === "/dashboard"
            ? "Welcome back! Redirecting you to your dashboard..."
            : "Welcome back! Taking you back to where you were...",
      });
      void viewerStore.refresh();
      navigate(redirectTo, { replace: true, defaultShouldRevalidate: true });
      return;
    }
    setUnverifiedEmail(result.code === "EMAIL_NOT_VERIFIED" ? (result.email ?? null) : null);
    void showToast("Sign in Failed", { description: result.message, tone: "error" });
  });
  const resend = useAccountForm("resend-verification", (result) => {
    if (result.ok) {
      void showToast("Verification Email Sent", {
        description: "Please check your email to verify your account.",
      });
      setUnverifiedEmail(null);
    } else {
      void showToast("Sign in Failed", { description: result.message, tone: "error" });
    }
  });

  return (
    // No reload of the log-in page's data after the answer: on success the shopper is sent on
    // with every loader reloaded in that one navigation (two at once, the first is cut off).
    <fetcher.Form method="post" defaultShouldRevalidate={false} className="space-y-5">
      <input type="hidden" name="intent" value="sign-in" />
      <div className="space-y-2">
        <Label htmlFor="login-email">Email</Label>
        <Input id="login-email" name="email" type="email" required autoComplete="email" />
      </div>
      <div className="space-y-2">
        <div className="flex items-baseline justify-between">
          <Label htmlFor="login-password">Password</Label>
          <button
            type="button"
            onClick={onForgot}
            className="text-sm font-semibold text-brand-strong hover:underline"
          >
            Forgot Password
          </button>
        </div>
        <Input
          id="login-password"
          name="password"
          type="password"
          required
          autoComplete="current-password"
        />
      </div>
      {unverifiedEmail ? (
        <div
          role="status"
          className="rounded-[var(--radius-card)] border border-line bg-brand-soft p-4 text-sm"
        >
          <p>Your email address is not verified yet. We can send the link again.</p>
          <Button
            type="button"
            variant="secondary"
            size="sm"
            className="mt-3"
            disabled={resend.busy}
            onClick={() =>
              void resend.fetcher.submit(
                { intent: "resend-verification", email: unverifiedEmail, redirectTo },
                { method: "post" },
              )
            }
          >
            Resend verification email
          </Button>
        </div>
      ) : null}
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        <BusyLabel busy={busy}>Log In</BusyLabel>
      </Button>
    </fetcher.Form>
  );
}

function SignUpForm({ redirectTo }: { redirectTo: string }) {
  const form = useRef<HTMLFormElement>(null);
  const { fetcher, busy } = useAccountForm("sign-up", (result) => {
    if (result.ok) {
      void showToast("Sign up successful!", {
        description: "Please check your email to verify your account.",
      });
      form.current?.reset();
      return;
    }
    void showToast("Sign up Failed", {
      description: result.message || "Something went wrong",
      tone: "error",
    });
  });
  return (
    <fetcher.Form ref={form} method="post" className="space-y-5">
      <input type="hidden" name="intent" value="sign-up" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <div className="space-y-2">
        <Label htmlFor="signup-name">Full name</Label>
        <Input id="signup-name" name="fullName" required autoComplete="name" maxLength={100} />
      </div>
      <div className="space-y-2">
        <Label htmlFor="signup-email">Email</Label>
        <Input id="signup-email" name="email" type="email" required autoComplete="email" />
      </div>
      <div className="space-y-2">
        <Label htmlFor="signup-password">Password</Label>
        <Input
          id="signup-password"
          name="password"
          type="password"
          required
          minLength={MIN_PASSWORD}
          autoComplete="new-password"
          aria-describedby="signup-password-hint"
        />
        <p id="signup-password-hint" className="text-sm text-ink-muted">
          At least {MIN_PASSWORD} characters.
        </p>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        <BusyLabel busy={busy}>Sign Up</BusyLabel>
      </Button>
    </fetcher.Form>
  );
}

function ForgotPasswordDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { fetcher, busy } = useAccountForm("forgot-password", (result) => {
    if (result.ok) {
      void showToast("Password Reset Email Sent", {
        description: "Please check your email for a password reset link.",
      });
      onOpenChange(false);
      return;
    }
    void showToast("Password Reset Failed", {
      description: result.message || "Something went wrong",
      tone: "error",
    });
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Forgot Password" showTitle>
      <fetcher.Form method="post" className="space-y-5 p-5">
        <input type="hidden" name="intent" value="forgot-password" />
        <p className="text-sm text-ink-muted">
          Enter the email address of your account and we will send you a link to choose a new
          password.
        </p>
        <div className="space-y-2">
          <Label htmlFor="forgot-email">Email</Label>
          <Input id="forgot-email" name="email" type="email" required autoComplete="email" />
        </div>
        <div className="flex justify-end gap-3">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            <BusyLabel busy={busy}>Send Reset Link</BusyLabel>
          </Button>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}

/**
 * /login: tabs 'Log In' and 'Sign Up' and the forgotten-password dialog (docs/product.md#screens).
 * `verification` when a verification link sent the visitor here: the link confirms the address but
 * signs no one in (someone else's link must never replace the visitor's session).
 */
export function LoginPanel({
  redirectTo,
  verification,
  firstOrderDiscountPercent,
}: {
  redirectTo: string;
  verification: "confirmed" | "failed" | null;
  firstOrderDiscountPercent: number;
}) {
  const [tab, setTab] = useState("log-in");
  const [forgotOpen, setForgotOpen] = useState(false);
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <div className="rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-soft sm:p-8">
        <h1 className="text-center text-2xl font-bold tracking-tight sm:text-3xl">
          {tab === "log-in" ? "Welcome back" : "Create your account"}
        </h1>
        <p className="mt-2 mb-6 text-center text-ink-muted">
          {tab === "log-in"
            ? "Log in to check out and follow your orders."
            : `Get ${firstOrderDiscountPercent}% off your first order.`}
        </p>
        {verification ? (
          <p
            role="status"
            className="mb-6 rounded-[var(--radius-card)] border border-line bg-brand-soft p-4 text-sm"
          >
            {verification === "confirmed"
              ? "Your email address is confirmed. Please log in to continue."
              : "This confirmation link has expired or has already been used. Log in to get a new one."}
          </p>
        ) : null}
        <Tabs
          label="Log in or sign up"
          value={tab}
          onValueChange={setTab}
          tabs={[
            {
              value: "log-in",
              label: "Log In",
              content: <LogInForm redirectTo={redirectTo} onForgot={() => setForgotOpen(true)} />,
            },
            { value: "sign-up", label: "Sign Up", content: <SignUpForm redirectTo={redirectTo} /> },
          ]}
        />
      </div>
      <ForgotPasswordDialog open={forgotOpen} onOpenChange={setForgotOpen} />
    </div>
  );
}
