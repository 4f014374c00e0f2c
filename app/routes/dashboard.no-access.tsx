import { NO_ACCESS } from "@common/auth/staff-access";
import { routeMeta } from "@common/seo";
import { requireUser } from "@server/auth/guards";
import { data } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { ShopLink } from "~/components/ui/shop-link";
import type { Route } from "./+types/dashboard.no-access";

// /dashboard/no-access: where the admin's guard sends a member of staff who opens a screen their
// role does not include (docs/decisions/071), inside the dashboard's shell with its menu, answered
// 403. The guard redirects here rather than throwing: an error thrown by a middleware is drawn by
// the root's boundary, outside the shell, as no loader above it has run.

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireUser(request, url);
  return data({ refused: true }, { status: 403, headers: { "Cache-Control": "no-store" } });
}

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, () => ({
    title: "No access",
    description: NO_ACCESS,
    path: "/dashboard/no-access",
    noindex: true,
  }));
}

export default function NoAccess() {
  return (
    <section aria-labelledby="no-access-heading" className={cardClass}>
      <h1 id="no-access-heading" className="text-2xl font-bold tracking-tight">
        {NO_ACCESS}
      </h1>
      <p className="mt-2 text-ink-muted">
        Your role on the shop's staff does not include it. Ask the shop's owner if you need it.
      </p>
      <ShopLink to="/dashboard" className={`${buttonVariants({ variant: "secondary" })} mt-6`}>
        Back to the overview
      </ShopLink>
    </section>
  );
}
