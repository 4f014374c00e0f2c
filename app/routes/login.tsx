import {
  type Caller,
  requestPasswordReset,
  resendVerificationEmail,
  signInWithPassword,
  signUpWithPassword,
} from "@server/auth/auth-client";
import { getSessionUser } from "@server/auth/session";
import { data, redirect } from "react-router";
import { LoginPanel } from "~/components/account/login-panel";
import { emailForm, safeRedirectPath, signInForm, signUpForm } from "~/lib/account-forms";
import type { AccountActionResult } from "~/lib/account-results";
import { routeMeta } from "~/lib/seo";
import type { Route } from "./+types/login";

export async function loader({ request }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  if (await getSessionUser(request)) throw redirect(redirectTo);
  return { redirectTo };
}

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, () => ({
    title: "Log in or create an account",
    description: "Log in to check out, follow your orders and manage your account.",
    path: "/login",
  }));
}

function withCookies(result: AccountActionResult, setCookies: string[], status = 200) {
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return data(result, { status, headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const caller: Caller = {
    cookie: request.headers.get("Cookie"),
    clientAddress: context.clientAddress,
  };
  const intent = form.intent;

  if (intent === "sign-in") {
    const parsed = signInForm.safeParse(form);
    if (!parsed.success) {
      return data<AccountActionResult>(
        { intent, ok: false, message: parsed.error.issues[0]?.message ?? "Please check the form." },
        { status: 400 },
      );
    }
    const result = await signInWithPassword(caller, parsed.data);
    if (result.ok) return withCookies({ intent, ok: true }, result.setCookies);
    return data<AccountActionResult>(
      { intent, ok: false, message: result.message, code: result.code, email: parsed.data.email },
      { status: result.status },
    );
  }

  if (intent === "sign-up") {
    const parsed = signUpForm.safeParse(form);
    if (!parsed.success) {
      return data<AccountActionResult>(
        { intent, ok: false, message: parsed.error.issues[0]?.message ?? "Please check the form." },
        { status: 400 },
      );
    }
    const result = await signUpWithPassword(caller, parsed.data);
    if (result.ok) return data<AccountActionResult>({ intent, ok: true });
    return data<AccountActionResult>(
      { intent, ok: false, message: result.message, code: result.code },
      { status: result.status },
    );
  }

  if (intent === "forgot-password" || intent === "resend-verification") {
    const parsed = emailForm.safeParse(form);
    if (!parsed.success) {
      return data<AccountActionResult>(
        { intent, ok: false, message: parsed.error.issues[0]?.message ?? "Please check the form." },
        { status: 400 },
      );
    }
    const send = intent === "forgot-password" ? requestPasswordReset : resendVerificationEmail;
    const result = await send(caller, parsed.data.email);
    if (result.ok) return data<AccountActionResult>({ intent, ok: true });
    return data<AccountActionResult>(
      { intent, ok: false, message: result.message },
      { status: result.status },
    );
  }

  return data<AccountActionResult>(
    { intent: "unknown", ok: false, message: "Something went wrong" },
    { status: 400 },
  );
}

export default function LoginPage({ loaderData }: Route.ComponentProps) {
  return <LoginPanel redirectTo={loaderData.redirectTo} />;
}
