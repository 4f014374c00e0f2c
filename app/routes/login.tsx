import { configFrom } from "@common/public-config";
import { routeMeta } from "@common/seo";
import {
  callerOf,
  requestPasswordReset,
  resendVerificationEmail,
  signInWithPassword,
  signUpWithPassword,
} from "@server/auth/auth-client";
import { getSessionUser } from "@server/auth/session";
import { answerForm, formIntent } from "@server/http/form-action";
import { clientAddressContext } from "@server/http/load-context";
import { redirect } from "react-router";
import { LoginPanel } from "~/components/account/login-panel";
import {
  emailForm,
  resendVerificationForm,
  safeRedirectPath,
  signInForm,
  signUpForm,
} from "~/lib/account-forms";
import type { Route } from "./+types/login";

export async function loader({ request, url }: Route.LoaderArgs) {
  const params = url.searchParams;
  const redirectTo = safeRedirectPath(params.get("redirectTo"));
  if (await getSessionUser(request)) throw redirect(redirectTo);
  // A verification link lands here; better-auth adds `error` when its token was bad or expired.
  let verification: "confirmed" | "failed" | null = null;
  if (params.get("verified") === "1") verification = params.get("error") ? "failed" : "confirmed";
  return { redirectTo, verification };
}

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, () => ({
    title: "Log in or create an account",
    description: "Log in to check out, follow your orders and manage your account.",
    path: "/login",
  }));
}

export async function action({ request, context }: Route.ActionArgs) {
  const caller = callerOf(request, context.get(clientAddressContext));
  return answerForm(request, {
    "sign-in": formIntent(signInForm, async (input) => ({
      setCookies: await signInWithPassword(caller, input),
    })),
    "sign-up": formIntent(signUpForm, (input) => signUpWithPassword(caller, input)),
    "forgot-password": formIntent(emailForm, ({ email }) => requestPasswordReset(caller, email)),
    "resend-verification": formIntent(resendVerificationForm, ({ email, redirectTo }) =>
      resendVerificationEmail(caller, email, redirectTo),
    ),
  });
}

export default function LoginPage({ loaderData, matches }: Route.ComponentProps) {
  return (
    <LoginPanel
      redirectTo={loaderData.redirectTo}
      verification={loaderData.verification}
      firstOrderDiscountPercent={configFrom(matches).pricing.firstOrderDiscountPercent}
    />
  );
}
