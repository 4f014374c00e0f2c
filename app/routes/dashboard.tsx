import { routeMeta } from "@common/seo";
import { requireUser } from "@server/auth/guards";
import { Outlet } from "react-router";
import { DashboardNav } from "~/components/account/dashboard-nav";
import type { Route } from "./+types/dashboard";

// /dashboard/*: a session is required. Every child loader and action checks it again itself
// (loaders run in parallel: this one's check protects nothing of theirs).

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  return { user: { fullName: user.fullName, role: user.role } };
}

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, () => ({
    title: "Your account",
    description: "Your orders, details and settings.",
    path: "/dashboard",
    noindex: true,
  }));
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[14rem_1fr] lg:px-8 lg:py-14">
      <DashboardNav fullName={loaderData.user.fullName} role={loaderData.user.role} />
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
