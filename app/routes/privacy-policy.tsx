import { formatLongDate } from "@common/dates";
import { configFrom, rootDataFrom } from "@common/public-config";
import { routeMeta } from "@common/seo";
import { getPage } from "@server/content/pages";
import { getDb } from "@server/db/connection";
import { PolicyView } from "~/components/content/policy-view";
import { pagePlaceholders } from "~/lib/page-placeholders";
import type { Route } from "./+types/privacy-policy";

// /privacy-policy: its text as the owner last saved it in the admin (docs/admin.md#pages).

export async function loader() {
  return getPage(await getDb(), "privacy-policy");
}

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, (site) => ({
    title: "Privacy Policy",
    description: `How ${site.shopName} collects, uses and protects your personal data under UK GDPR, and the rights you have over it.`,
    path: "/privacy-policy",
  }));
}

export default function PrivacyPolicy({ loaderData, matches }: Route.ComponentProps) {
  const { content, savedAt } = loaderData;
  return (
    <PolicyView
      content={content}
      values={pagePlaceholders(configFrom(matches))}
      updated={savedAt ? formatLongDate(savedAt) : (rootDataFrom(matches)?.today ?? "")}
    />
  );
}
