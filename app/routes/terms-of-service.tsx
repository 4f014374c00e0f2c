import { formatLongDate } from "@common/dates";
import { configFrom, rootDataFrom } from "@common/public-config";
import { routeMeta } from "@common/seo";
import { getPage } from "@server/content/pages";
import { getDb } from "@server/db/connection";
import { PolicyView } from "~/components/content/policy-view";
import { pagePlaceholders } from "~/lib/page-placeholders";
import type { Route } from "./+types/terms-of-service";

// /terms-of-service: its text as the owner last saved it in the admin (docs/admin.md#pages).

export async function loader() {
  return getPage(await getDb(), "terms-of-service");
}

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, (site) => ({
    title: "Terms of Service",
    description: `The terms that apply when you buy from ${site.shopName}: orders, prices in pounds sterling including VAT, payment, delivery, returns and your legal rights.`,
    path: "/terms-of-service",
  }));
}

export default function TermsOfService({ loaderData, matches }: Route.ComponentProps) {
  const { content, savedAt } = loaderData;
  return (
    <PolicyView
      content={content}
      values={pagePlaceholders(configFrom(matches))}
      updated={savedAt ? formatLongDate(savedAt) : (rootDataFrom(matches)?.today ?? "")}
    />
  );
}
