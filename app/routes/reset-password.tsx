import { EXPIRED_RESET_LINK } from "@common/auth/account-messages";
import { routeMeta } from "@common/seo";
import { callerOf, resetPasswordAndSignIn } from "@server/auth/auth-client";
import { answerForm, formIntent } from "@server/http/form-action";
import { clientAddressContext } from "@server/http/load-context";
import { Link } from "react-router";
import { ResetPasswordForm } from "~/components/account/reset-password-form";
import { buttonVariants } from "~/components/ui/button";
import { resetPasswordForm } from "~/lib/account-forms";
import type { Route } from "./+types/reset-password";

// The emailed link passes through better-auth (/api/auth/reset-password/:token), which sends the
// visitor here with ?token=..., or with ?error=INVALID_TOKEN when the link is expired or used.

export function loader({ url }: Route.LoaderArgs) {
  const params = url.searchParams;
  const token = params.get("token");
  return { token: params.get("error") || !token ? null : token };
}

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, () => ({
    title: "Choose a new password",
    description: "Set a new password for your account.",
    path: "/reset-password",
    noindex: true,
  }));
}

export async function action({ request, context }: Route.ActionArgs) {
  return answerForm(request, {
    "reset-password": formIntent(resetPasswordForm, async ({ token, password }) => ({
      setCookies: await resetPasswordAndSignIn(
        callerOf(request, context.get(clientAddressContext)),
        {
          token,
          newPassword: password,
        },
      ),
    })),
  });
}

export default function ResetPasswordPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <div className="rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-soft sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">Choose a new password</h1>
        {loaderData.token ? (
          <ResetPasswordForm token={loaderData.token} />
        ) : (
          <div className="mt-4 space-y-5">
            <p role="alert" className="text-ink-muted">
              {EXPIRED_RESET_LINK}
            </p>
            <Link to="/login" className={buttonVariants()}>
              Back to Log In
            </Link>
          </div>
        )}
      </div>
    </div>
  );
}
