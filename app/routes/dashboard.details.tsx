import { requireUser } from "@server/auth/guards";
import { getProfile, updateProfile } from "@server/auth/profile";
import { getDb } from "@server/db/connection";
import { answerForm, formIntent } from "@server/http/form-action";
import { data } from "react-router";
import { DetailsForm } from "~/components/account/details-form";
import { detailsForm } from "~/lib/account-forms";
import type { Route } from "./+types/dashboard.details";

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  const profile = await getProfile(await getDb(), user.id);
  if (!profile) throw data("Not Found", { status: 404 });
  return { profile };
}

export async function action({ request, url }: Route.ActionArgs) {
  const user = await requireUser(request, url);
  return answerForm(request, {
    details: formIntent(detailsForm, async (input) => updateProfile(await getDb(), user.id, input)),
  });
}

export default function Details({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1 className="mb-6 text-3xl font-bold tracking-tight">Details</h1>
      <DetailsForm profile={loaderData.profile} />
    </section>
  );
}
