import { staffRoleLabels } from "@common/auth/staff-access";
import { personName } from "@common/form-fields";
import { routeMeta } from "@common/seo";
import { callerOf } from "@server/auth/auth-client";
import { requireUser } from "@server/auth/guards";
import { getSessionUser } from "@server/auth/session";
import { acceptInvite, inviteAtLink } from "@server/auth/staff-invites";
import { joinWithPassword } from "@server/auth/staff-join";
import { getDb } from "@server/db/connection";
import { answerForm, formIntent } from "@server/http/form-action";
import { clientAddressContext } from "@server/http/load-context";
import { data } from "react-router";
import { z } from "zod";
import { StaffInvitePanel } from "~/components/account/staff-invite-panel";
import { newPasswordField } from "~/lib/account-forms";
import type { Route } from "./+types/staff-invite";

// /staff-invite?token=…: an owner's emailed invitation to join the staff (docs/admin.md#staff,
// decision record 072). The page says what the link holds and who is signed in; its form accepts
// with the signed-in account, or makes the invited address's account with a password. Never
// stored by a cache: it names the invited address.

const noStore = { "Cache-Control": "private, no-store" };

export async function loader({ request, url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  const [invite, viewer] = await Promise.all([
    token ? inviteAtLink(await getDb(), token) : null,
    getSessionUser(request),
  ]);
  return data(
    {
      token,
      invite: invite && {
        email: invite.email,
        role: staffRoleLabels[invite.staffRole],
        accountExists: invite.accountExists,
      },
      signedInAs: viewer?.email ?? null,
    },
    { headers: noStore },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, () => ({
    title: "Join the staff",
    description: "Accept an invitation to help run the shop.",
    path: "/staff-invite",
    noindex: true,
  }));
}

const token = z.string().min(1).max(200);

export async function action({ request, url, context }: Route.ActionArgs) {
  return answerForm(request, {
    accept: formIntent(z.object({ token }), async (input) => {
      const user = await requireUser(request, url);
      await acceptInvite(await getDb(), input.token, user.id);
    }),
    join: formIntent(
      z.object({ token, fullName: personName, password: newPasswordField }),
      async (input) => ({
        setCookies: await joinWithPassword(
          callerOf(request, context.get(clientAddressContext)),
          input,
        ),
      }),
    ),
  });
}

export default function StaffInvite({ loaderData }: Route.ComponentProps) {
  return <StaffInvitePanel {...loaderData} />;
}
