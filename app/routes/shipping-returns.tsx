import { formatLongDate } from "@common/dates";
import { configFrom, rootDataFrom } from "@common/public-config";
import { routeMeta } from "@common/seo";
import { getPage } from "@server/content/pages";
import { getDb } from "@server/db/connection";
import { PolicyView } from "~/components/content/policy-view";
import { offerTexts } from "~/lib/offers";
import { pagePlaceholders } from "~/lib/page-placeholders";
import type { Route } from "./+types/shipping-returns";

// /shipping-returns: its text as the owner last saved it in the admin (docs/admin.md#pages).

export async function loader() {
  return getPage(await getDb(), "shipping-returns");
}

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, (site) => ({
    title: "Shipping & Returns",
    description: `Free standard UK shipping on orders over ${offerTexts(site.pricing).freeShippingOver}, dispatch in 1-2 business days, and a 30-day money-back guarantee with refunds in 5-10 business days.`,
    path: "/shipping-returns",
  }));
}

export default function ShippingReturns({ loaderData, matches }: Route.ComponentProps) {
  const { content, savedAt } = loaderData;
  return (
    <PolicyView
      content={content}
      values={pagePlaceholders(configFrom(matches))}
      updated={savedAt ? formatLongDate(savedAt) : (rootDataFrom(matches)?.today ?? "")}
    />
  );
}
