import { routeMeta } from "@common/seo";
import { confirmEmailChange, emailChangeAtLink } from "@server/auth/email-change";
import { getSessionUser, sessionTokenOf } from "@server/auth/session";
import { getDb } from "@server/db/connection";
import { answerForm, formIntent } from "@server/http/form-action";
import { data } from "react-router";
import { z } from "zod";
import { ConfirmEmailPanel } from "~/components/account/confirm-email-panel";
import type { Route } from "./+types/confirm-email";

// /confirm-email?token=…: the link sent to the new address a customer asked to sign in with
// (docs/storefront.md#accounts-and-the-cart, decision record 073). The page names the address; its button
// makes the change (a link alone changes nothing: mail scanners open links). Never stored by a
// cache: it names the address.

export async function loader({ request, url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  const [change, viewer] = await Promise.all([
    token ? emailChangeAtLink(await getDb(), token) : null,
    getSessionUser(request),
  ]);
  return data(
    { token, newEmail: change?.newEmail ?? null, signedIn: viewer !== null },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, () => ({
    title: "Confirm your new email",
    description: "Confirm the new email address of your account.",
    path: "/confirm-email",
    noindex: true,
  }));
}

export async function action({ request }: Route.ActionArgs) {
  return answerForm(request, {
    confirm: formIntent(z.object({ token: z.string().min(1).max(200) }), async ({ token }) => {
      await confirmEmailChange(await getDb(), token, await sessionTokenOf(request));
    }),
  });
}

export default function ConfirmEmail({ loaderData }: Route.ComponentProps) {
  return <ConfirmEmailPanel {...loaderData} />;
}
