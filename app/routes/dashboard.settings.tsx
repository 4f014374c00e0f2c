import { callerOf, changePassword } from "@server/auth/auth-client";
import { deleteAccount } from "@server/auth/delete-account";
import { requestEmailChange } from "@server/auth/email-change";
import { requireUser } from "@server/auth/guards";
import { getAuth } from "@server/auth/session";
import { getDb } from "@server/db/connection";
import { answerForm, formIntent } from "@server/http/form-action";
import { clientAddressContext } from "@server/http/load-context";
import { SettingsForms } from "~/components/account/settings-forms";
import { changeEmailForm, changePasswordForm, deleteAccountForm } from "~/lib/account-forms";
import type { Route } from "./+types/dashboard.settings";

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  return { email: user.email };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = await requireUser(request, url);
  return answerForm(request, {
    // The session is renewed; the new cookie replaces the old one.
    "change-password": formIntent(changePasswordForm, async (input) => ({
      setCookies: await changePassword(callerOf(request, context.get(clientAddressContext)), input),
    })),
    "change-email": formIntent(changeEmailForm, async (input) =>
      requestEmailChange(await getAuth(), await getDb(), user.id, input),
    ),
    "delete-account": formIntent(deleteAccountForm, async ({ password }) =>
      deleteAccount(await getAuth(), await getDb(), user.id, password),
    ),
  });
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1 className="mb-6 text-3xl font-bold tracking-tight">Settings</h1>
      <SettingsForms email={loaderData.email} />
    </section>
  );
}
