import { requireAdminMiddleware } from "@server/auth/guards";
import { Outlet } from "react-router";
import type { Route } from "./+types/dashboard.admin";

// The admin's screens under /dashboard (docs/product.md#screens: admin-orders, and those to come): one guard
// for all of them, a middleware that runs before any of their loaders or actions (they need no
// check of their own, and cannot forget one).

export const middleware: Route.MiddlewareFunction[] = [requireAdminMiddleware];

export default function AdminScreens() {
  return <Outlet />;
}
