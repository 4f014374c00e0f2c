import { configFrom } from "@common/public-config";
import { routeMeta } from "@common/seo";
import { getPage } from "@server/content/pages";
import { getDb } from "@server/db/connection";
import { AboutView } from "~/components/content/about-view";
import { pagePlaceholders } from "~/lib/page-placeholders";
import type { Route } from "./+types/about";

// /about: the founder's story and the values as the owner last saved them in the admin
// (docs/admin.md#pages).

export async function loader() {
  return getPage(await getDb(), "about");
}

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, (site) => ({
    title: "About Us",
    description: `Why we started ${site.shopName}: gentle, enamel-safe teeth whitening that works, recommended by dentists and priced fairly.`,
    path: "/about",
  }));
}

export default function About({ loaderData, matches }: Route.ComponentProps) {
  return <AboutView content={loaderData.content} values={pagePlaceholders(configFrom(matches))} />;
}
