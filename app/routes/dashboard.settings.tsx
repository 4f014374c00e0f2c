import { changePassword } from "@server/auth/auth-client";
import { deleteAccount } from "@server/auth/delete-account";
import { requireUser } from "@server/auth/guards";
import { getAuth } from "@server/auth/session";
import { getDb } from "@server/db/connection";
import { readForm } from "@server/http/form-request";
import { SettingsForms } from "~/components/account/settings-forms";
import { accountAnswer, parseAccountForm } from "~/lib/account-answers";
import { changePasswordForm, deleteAccountForm } from "~/lib/account-forms";
import type { Route } from "./+types/dashboard.settings";

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);

  if (form.intent === "change-password") {
    const parsed = parseAccountForm(changePasswordForm, form, "change-password");
    if (!parsed.ok) return parsed.answer;
    const result = await changePassword(
      { cookie: request.headers.get("Cookie"), clientAddress: context.clientAddress },
      parsed.data,
    );
    if (!result.ok) {
      return accountAnswer(
        { intent: "change-password", ok: false, message: result.message },
        { status: result.status },
      );
    }
    // The session is renewed; the new cookie replaces the old one.
    return accountAnswer(
      { intent: "change-password", ok: true },
      { setCookies: result.setCookies },
    );
  }

  if (form.intent === "delete-account") {
    const parsed = parseAccountForm(deleteAccountForm, form, "delete-account");
    if (!parsed.ok) return parsed.answer;
    const deleted = await deleteAccount(
      await getAuth(),
      await getDb(),
      user.id,
      parsed.data.password,
    );
    if (!deleted) {
      return accountAnswer({
        intent: "delete-account",
        ok: false,
        message: "Your password is not correct.",
      });
    }
    return accountAnswer({ intent: "delete-account", ok: true });
  }

  return accountAnswer({ intent: "unknown", ok: false, message: "Something went wrong" });
}

export default function Settings() {
  return (
    <section>
      <h1 className="mb-6 text-3xl font-bold tracking-tight">Settings</h1>
      <SettingsForms />
    </section>
  );
}
