import { changePassword } from "@server/auth/auth-client";
import { deleteAccount } from "@server/auth/delete-account";
import { requireUser } from "@server/auth/guards";
import { getAuth } from "@server/auth/session";
import { getDb } from "@server/db/connection";
import { data } from "react-router";
import { SettingsForms } from "~/components/account/settings-forms";
import { changePasswordForm, deleteAccountForm } from "~/lib/account-forms";
import type { AccountActionResult } from "~/lib/account-results";
import type { Route } from "./+types/dashboard.settings";

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return null;
}

function invalid(intent: string, message: string | undefined) {
  return data<AccountActionResult>({ intent, ok: false, message }, { status: 400 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = Object.fromEntries(await request.formData());

  if (form.intent === "change-password") {
    const parsed = changePasswordForm.safeParse(form);
    if (!parsed.success) return invalid("change-password", parsed.error.issues[0]?.message);
    const result = await changePassword(
      { cookie: request.headers.get("Cookie"), clientAddress: context.clientAddress },
      parsed.data,
    );
    if (!result.ok) {
      return data<AccountActionResult>(
        { intent: "change-password", ok: false, message: result.message },
        { status: result.status },
      );
    }
    // The session is renewed; the new cookie replaces the old one.
    const headers = new Headers();
    for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
    return data<AccountActionResult>({ intent: "change-password", ok: true }, { headers });
  }

  if (form.intent === "delete-account") {
    const parsed = deleteAccountForm.safeParse(form);
    if (!parsed.success) return invalid("delete-account", parsed.error.issues[0]?.message);
    const deleted = await deleteAccount(
      await getAuth(),
      await getDb(),
      user.id,
      parsed.data.password,
    );
    if (!deleted) return invalid("delete-account", "Your password is not correct.");
    return data<AccountActionResult>({ intent: "delete-account", ok: true });
  }

  return invalid("unknown", "Something went wrong");
}

export default function Settings() {
  return (
    <section>
      <h1 className="mb-6 text-3xl font-bold tracking-tight">Settings</h1>
      <SettingsForms />
    </section>
  );
}
