import { configFrom } from "@common/public-config";
import { routeMeta } from "@common/seo";
import { getPage } from "@server/content/pages";
import { getDb } from "@server/db/connection";
import { FaqView } from "~/components/content/faq-view";
import { pagePlaceholders } from "~/lib/page-placeholders";
import type { Route } from "./+types/faq";

// /faq: the questions as the owner last saved them in the admin (docs/admin.md#pages), in the
// single-open accordion.

export async function loader() {
  return getPage(await getDb(), "faq");
}

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, () => ({
    title: "FAQ",
    description:
      "Answers to common questions: how to use whitening strips, sensitive teeth, delivery times and our 30-day returns policy.",
    path: "/faq",
  }));
}

export default function Faq({ loaderData, matches }: Route.ComponentProps) {
  return <FaqView content={loaderData.content} values={pagePlaceholders(configFrom(matches))} />;
}
