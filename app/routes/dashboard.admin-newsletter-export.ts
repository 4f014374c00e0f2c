import { getDb } from "@server/db/connection";
import { subscribersCsv } from "@server/newsletter/subscriptions";
import { subscriberStatusFilter } from "~/lib/newsletter-filter";
import type { Route } from "./+types/dashboard.admin-newsletter-export";

// /dashboard/admin-newsletter/export?status=…: the newsletter's list as CSV, with each address's
// proof of consent (behind the admin's guard, dashboard.admin), to load into a mailing service.

export async function loader({ url }: Route.LoaderArgs) {
  const status = subscriberStatusFilter(url.searchParams.get("status"));
  const csv = await subscribersCsv(await getDb(), status);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="newsletter-${status || "all"}-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
