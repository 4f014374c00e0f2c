import { requireUser } from "@server/auth/guards";
import { LogOut } from "lucide-react";
import { useLogout } from "~/components/account/use-logout";
import { Button } from "~/components/ui/button";
import { routeMeta } from "~/lib/seo";
import type { Route } from "./+types/dashboard";

// /dashboard/*: a session is required (the guard redirects guests to /login and back).

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { user: { fullName: user.fullName, email: user.email, role: user.role } };
}

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, () => ({
    title: "Your account",
    description: "Your orders, details and settings.",
    path: "/dashboard",
    noindex: true,
  }));
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  const logout = useLogout();
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight">
        {user.role === "admin" ? "Admin Overview" : "My Account"}
      </h1>
      <p className="mt-2 text-lg text-ink-muted">Welcome back, {user.fullName}.</p>
      <section
        aria-labelledby="profile-heading"
        className="mt-8 rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-soft"
      >
        <h2 id="profile-heading" className="text-lg font-semibold">
          Your details
        </h2>
        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="font-medium text-ink-muted">Full name</dt>
          <dd>{user.fullName}</dd>
          <dt className="font-medium text-ink-muted">Email</dt>
          <dd>{user.email}</dd>
        </dl>
        <Button variant="secondary" className="mt-6" onClick={() => void logout()}>
          <LogOut aria-hidden="true" />
          Log out
        </Button>
      </section>
    </div>
  );
}
