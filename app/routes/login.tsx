import {
  type Caller,
  requestPasswordReset,
  resendVerificationEmail,
  signInWithPassword,
  signUpWithPassword,
} from "@server/auth/auth-client";
import { getSessionUser } from "@server/auth/session";
import { readForm } from "@server/http/form-request";
import { redirect } from "react-router";
import { LoginPanel } from "~/components/account/login-panel";
import { accountAnswer, parseAccountForm } from "~/lib/account-answers";
import { emailForm, safeRedirectPath, signInForm, signUpForm } from "~/lib/account-forms";
import { configFrom } from "~/lib/public-config";
import { routeMeta } from "~/lib/seo";
import type { Route } from "./+types/login";

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
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
  const form = await readForm(request);
  const caller: Caller = {
    cookie: request.headers.get("Cookie"),
    clientAddress: context.clientAddress,
  };
  const intent = typeof form.intent === "string" ? form.intent : "unknown";

  if (intent === "sign-in") {
    const parsed = parseAccountForm(signInForm, form, intent);
    if (!parsed.ok) return parsed.answer;
    const result = await signInWithPassword(caller, parsed.data);
    if (result.ok) return accountAnswer({ intent, ok: true }, { setCookies: result.setCookies });
    return accountAnswer(
      { intent, ok: false, message: result.message, code: result.code, email: parsed.data.email },
      { status: result.status },
    );
  }

  if (intent === "sign-up") {
    const parsed = parseAccountForm(signUpForm, form, intent);
    if (!parsed.ok) return parsed.answer;
    const result = await signUpWithPassword(caller, parsed.data);
    if (result.ok) return accountAnswer({ intent, ok: true });
    return accountAnswer(
      { intent, ok: false, message: result.message, code: result.code },
      { status: result.status },
    );
  }

  if (intent === "forgot-password" || intent === "resend-verification") {
    const parsed = parseAccountForm(emailForm, form, intent);
    if (!parsed.ok) return parsed.answer;
    const send = intent === "forgot-password" ? requestPasswordReset : resendVerificationEmail;
    const result = await send(caller, parsed.data.email);
    if (result.ok) return accountAnswer({ intent, ok: true });
    return accountAnswer({ intent, ok: false, message: result.message }, { status: result.status });
  }

  return accountAnswer({ intent: "unknown", ok: false, message: "Something went wrong" });
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
