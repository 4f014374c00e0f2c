import { routeMeta } from "@common/seo";
import { requireUser } from "@server/auth/guards";
import { Outlet } from "react-router";
import { DashboardNav } from "~/components/account/dashboard-nav";
import { cn } from "~/lib/class-names";
import type { Route } from "./+types/dashboard";

// /dashboard/*: a session is required. Every child loader and action checks it again itself
// (loaders run in parallel: this one's check protects nothing of theirs).

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  return { user: { fullName: user.fullName, role: user.role, staffRole: user.staffRole } };
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
  // The admin's shell (root.tsx) gives the admin the whole width; a customer's stays a column.
  const admin = loaderData.user.role === "admin";
  return (
    <div
      className={cn(
        "mx-auto grid grid-cols-1 px-4 sm:px-6 lg:px-8",
        admin
          ? "max-w-[100rem] gap-6 py-6 lg:grid-cols-[13rem_1fr] lg:gap-10 lg:py-8"
          : "max-w-6xl gap-8 py-10 lg:grid-cols-[14rem_1fr] lg:py-14",
      )}
    >
      <DashboardNav
        fullName={loaderData.user.fullName}
        role={loaderData.user.role}
        staffRole={loaderData.user.staffRole}
      />
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
