import { NO_ACCESS } from "@common/auth/staff-access";
import { requireAdminMiddleware } from "@server/http/admin-guard";
import { isRouteErrorResponse, Outlet } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { ShopLink } from "~/components/ui/shop-link";
import type { Route } from "./+types/dashboard.admin";

// The admin's screens under /dashboard (docs/product.md#screens: admin-orders, and those to come): one guard
// for all of them, a middleware that runs before any of their loaders or actions (they need no
// check of their own, and cannot forget one). It lets each staff role through only where its
// grant holds (common/auth/staff-access.ts).

export const middleware: Route.MiddlewareFunction[] = [requireAdminMiddleware];

export default function AdminScreens() {
  return <Outlet />;
}

/**
 * What a screen's loader refused ("Order not found."), said inside the admin's shell with its
 * menu still there and the way back to the overview.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const response = isRouteErrorResponse(error) ? error : null;
  const said = typeof response?.data === "string" ? response.data : null;
  const [title, detail] =
    response?.status === 403
      ? [NO_ACCESS, "Your role on the shop's staff does not include it."]
      : response?.status === 404
        ? [said ?? "Not found", "We couldn't find the page you were looking for."]
        : [
            "Something went wrong",
            "Something went wrong on our side. Please try again in a moment.",
          ];
  return (
    <section aria-labelledby="admin-error-heading" className={cardClass}>
      <h1 id="admin-error-heading" className="text-2xl font-bold tracking-tight">
        {title}
      </h1>
      <p className="mt-2 text-ink-muted">{detail}</p>
      <ShopLink to="/dashboard" className={`${buttonVariants({ variant: "secondary" })} mt-6`}>
        Back to the overview
      </ShopLink>
    </section>
  );
}
