import { ONE_DISCOUNT_RULE } from "@common/discounts/offers";
import { routeMeta } from "@common/seo";
import { adminActor } from "@server/audit/audit-log";
import { requireUser } from "@server/auth/guards";
import { getDb } from "@server/db/connection";
import {
  createOffer,
  giftChoices,
  listOffers,
  offerFormSchema,
  updateOffer,
} from "@server/discounts/offer-editor";
import { answerForm, formIntent } from "@server/http/form-action";
import { OfferForms } from "~/components/admin/offer-form";
import type { Route } from "./+types/dashboard.admin-offers";

// /dashboard/admin-offers: the shop's automatic offers, created, edited and paused, each with the
// orders that took it (behind the admin's guard, dashboard.admin; docs/admin.md, Offers).

export async function loader() {
  const db = await getDb();
  const [offers, gifts] = await Promise.all([listOffers(db), giftChoices(db)]);
  return { offers, gifts };
}

export async function action({ request, url }: Route.ActionArgs) {
  const admin = adminActor((await requireUser(request, url)).id);
  const db = await getDb();
  return answerForm(request, {
    save: formIntent(offerFormSchema, ({ id, ...input }) =>
      id ? updateOffer(db, admin, id, input) : createOffer(db, admin, input),
    ),
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, () => ({
    title: "Offers",
    description: "The shop's automatic offers in its admin.",
    path: "/dashboard/admin-offers",
    noindex: true,
  }));
}

export default function AdminOffers({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1 className="text-3xl font-bold tracking-tight">Offers</h1>
      <p className="mt-2 text-ink-muted">
        Offers need no code: the product page and the cart show them, and the checkout applies them
        by itself. Shoppers are told: “{ONE_DISCOUNT_RULE}”
      </p>
      <OfferForms offers={loaderData.offers} gifts={loaderData.gifts} />
    </section>
  );
}
