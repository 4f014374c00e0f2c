import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { adminScreens } from "../common/auth/staff-access";
import { walkedRoutes } from "./e2e/staff-walk";
import { adminRoutes, readRouteFile, walkGaps } from "./staff-walk";

const root = join(import.meta.dirname, "..");
const routesSource = readFileSync(join(root, "app", "routes.ts"), "utf8");

describe("the staff walk tries every admin route and intent (docs/decisions/071)", () => {
  it("opens every route of the admin's layout and posts every intent of its action", () => {
    expect(adminRoutes(routesSource).length).toBeGreaterThan(30);
    expect(walkGaps(routesSource, readRouteFile(root), walkedRoutes)).toEqual([]);
  });

  it("lists each admin route in the access table, so none falls to the owner-only default", () => {
    const listed = new Set(adminScreens.map((screen) => screen.path));
    const missing = adminRoutes(routesSource)
      .map((route) => route.path)
      .filter((path) => !listed.has(path));
    expect(missing).toEqual([]);
  });

  // The probe: a new route, and a new intent on a walked route, are both found.
  it("finds a route it does not open and an intent it does not post", () => {
    const source = routesSource.replace(
      'route("admin-jobs", "routes/dashboard.admin-jobs.ts"),',
      'route("admin-jobs", "routes/dashboard.admin-jobs.ts"),\n      route("admin-staff", "routes/dashboard.admin-staff.tsx"),',
    );
    const read = (file: string) =>
      file === "dashboard.admin-jobs.ts"
        ? `${readRouteFile(root)(file)}\n    purge: formIntent(z.object({}), run),\n`
        : readRouteFile(root)(file);
    expect(walkGaps(source, read, walkedRoutes)).toEqual([
      '/dashboard/admin-jobs: intent "purge" is not posted',
      "/dashboard/admin-staff (dashboard.admin-staff.tsx) is not opened",
    ]);
  });
});
