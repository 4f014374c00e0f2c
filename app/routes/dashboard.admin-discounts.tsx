import { ONE_DISCOUNT_RULE } from "@common/discounts/offers";
import { routeMeta } from "@common/seo";
import { adminActor } from "@server/audit/audit-log";
import { requireUser } from "@server/auth/guards";
import { listAdminCategories } from "@server/catalog/category-editor";
import { getDb } from "@server/db/connection";
import {
  createDiscountCode,
  listDiscountCodes,
  updateDiscountCode,
} from "@server/discounts/code-editor";
import { discountFormSchema } from "@server/discounts/discount-form";
import {
  createOffer,
  giftChoices,
  listOffers,
  offerFormSchema,
  updateOffer,
} from "@server/discounts/offer-editor";
import { answerForm, formIntent } from "@server/http/form-action";
import { DiscountCodeForms } from "~/components/admin/discount-code-form";
import { OfferForms } from "~/components/admin/offer-form";
import type { Route } from "./+types/dashboard.admin-discounts";

// /dashboard/admin-discounts: the shop's discount codes and automatic offers, created, edited and
// paused, each with its uses (behind the admin's guard, dashboard.admin). Offers sit beside the
// codes, as in Shopify's Discounts: one page, whose forms share their date and limit fields.

export async function loader() {
  const db = await getDb();
  const [codes, categories, offers, gifts] = await Promise.all([
    listDiscountCodes(db),
    listAdminCategories(db),
    listOffers(db),
    giftChoices(db),
  ]);
  return {
    codes,
    offers,
    gifts,
    categories: categories.map((category) => ({ id: category.id, name: category.name })),
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  const admin = adminActor((await requireUser(request, url)).id);
  const db = await getDb();
  return answerForm(request, {
    save: formIntent(discountFormSchema, ({ id, ...input }) =>
      id ? updateDiscountCode(db, admin, id, input) : createDiscountCode(db, admin, input),
    ),
    "save-offer": formIntent(offerFormSchema, ({ id, ...input }) =>
      id ? updateOffer(db, admin, id, input) : createOffer(db, admin, input),
    ),
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, () => ({
    title: "Discounts",
    description: "The shop's discount codes and automatic offers in its admin.",
    path: "/dashboard/admin-discounts",
    noindex: true,
  }));
}

export default function AdminDiscounts({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1 className="text-3xl font-bold tracking-tight">Discounts</h1>
      <p className="mt-2 text-ink-muted">
        <a href="#codes" className="font-semibold text-brand-strong underline underline-offset-2">
          Discount codes
        </a>{" "}
        and{" "}
        <a href="#offers" className="font-semibold text-brand-strong underline underline-offset-2">
          automatic offers
        </a>
        . An order takes one discount, and shoppers are told: “{ONE_DISCOUNT_RULE}”
      </p>
      <section aria-labelledby="codes" className="mt-8">
        <h2 id="codes" className="scroll-mt-24 text-2xl font-bold tracking-tight">
          Discount codes
        </h2>
        <p className="mt-2 text-ink-muted">
          A shopper enters one code, in the cart or at checkout, or opens its link.
        </p>
        <DiscountCodeForms codes={loaderData.codes} categories={loaderData.categories} />
      </section>
      <section aria-labelledby="offers" className="mt-12">
        <h2 id="offers" className="scroll-mt-24 text-2xl font-bold tracking-tight">
          Automatic offers
        </h2>
        <p className="mt-2 text-ink-muted">
          Offers need no code: the product page and the cart show them, and the checkout applies
          them by itself.
        </p>
        <OfferForms offers={loaderData.offers} gifts={loaderData.gifts} />
      </section>
    </section>
  );
}
