import { requireUser } from "@server/auth/guards";
import { getProfile, updateProfile } from "@server/auth/profile";
import { forgetAddress, savedAddresses } from "@server/customers/address-book";
import { getDb } from "@server/db/connection";
import { DomainError } from "@server/errors";
import { answerForm, formIntent } from "@server/http/form-action";
import { data } from "react-router";
import { DetailsForm } from "~/components/account/details-form";
import { SavedAddressList } from "~/components/account/saved-address-list";
import { detailsForm, forgetAddressForm } from "~/lib/account-forms";
import type { Route } from "./+types/dashboard.details";

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  const db = await getDb();
  const [profile, addresses] = await Promise.all([
    getProfile(db, user.id),
    savedAddresses(db, user.id),
  ]);
  if (!profile) throw data("Not Found", { status: 404 });
  return { profile, addresses };
}

export async function action({ request, url }: Route.ActionArgs) {
  const user = await requireUser(request, url);
  return answerForm(request, {
    details: formIntent(detailsForm, async (input) => updateProfile(await getDb(), user.id, input)),
    "forget-address": formIntent(forgetAddressForm, async ({ addressId }) => {
      // Someone else's address, or one already gone: nothing changes, and it says so.
      if (!(await forgetAddress(await getDb(), user.id, addressId))) {
        throw new DomainError("NOT_FOUND", "That address is no longer saved.");
      }
    }),
  });
}

export default function Details({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1 className="mb-6 text-3xl font-bold tracking-tight">Details</h1>
      <DetailsForm profile={loaderData.profile} />
      <SavedAddressList addresses={loaderData.addresses} />
    </section>
  );
}
