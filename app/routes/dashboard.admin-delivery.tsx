import { routeMeta } from "@common/seo";
import { adminActor } from "@server/audit/audit-log";
import { requireUser } from "@server/auth/guards";
import { getDb } from "@server/db/connection";
import { deliveryMethodFormSchema } from "@server/delivery/delivery-form";
import {
  createDeliveryMethod,
  listDeliveryMethods,
  updateDeliveryMethod,
} from "@server/delivery/delivery-methods";
import { answerForm, formIntent } from "@server/http/form-action";
import { getShopSettings, pricingOf } from "@server/settings/shop-settings";
import { DeliveryMethodForms } from "~/components/admin/delivery-method-form";
import type { Route } from "./+types/dashboard.admin-delivery";

// /dashboard/admin-delivery: the ways to deliver the checkout offers, created, edited and switched
// off (behind the admin's guard, dashboard.admin). The standard delivery's price is in Settings.

export async function loader() {
  const [methods, settings] = await Promise.all([
    listDeliveryMethods(await getDb()),
    getShopSettings(),
  ]);
  return { methods, standardPricing: pricingOf(settings) };
}

export async function action({ request, url }: Route.ActionArgs) {
  const admin = adminActor((await requireUser(request, url)).id);
  const db = await getDb();
  return answerForm(request, {
    save: formIntent(deliveryMethodFormSchema, ({ id, ...input }) =>
      id ? updateDeliveryMethod(db, admin, id, input) : createDeliveryMethod(db, admin, input),
    ),
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, () => ({
    title: "Delivery",
    description: "The shop's delivery methods in its admin.",
    path: "/dashboard/admin-delivery",
    noindex: true,
  }));
}

export default function AdminDelivery({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1 className="text-3xl font-bold tracking-tight">Delivery</h1>
      <p className="mt-2 text-ink-muted">
        The checkout offers the active methods in the order of their positions, each with the day an
        order paid now would arrive, counting UK working days (weekends and the bank holidays of
        England and Wales skipped).
      </p>
      <DeliveryMethodForms
        methods={loaderData.methods}
        standardPricing={loaderData.standardPricing}
      />
    </section>
  );
}
