import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { routeLabeller } from "./route-label";

type Route = ServerBuild["routes"][string];
const route = (id: string, parentId: string | undefined, path?: string, index?: boolean) =>
  ({ id, parentId, path, index, module: {} }) as Route;

// The shape of the build's manifest for a few of app/routes.ts' routes.
const routes: ServerBuild["routes"] = {
  root: route("root", undefined, ""),
  "routes/home": route("routes/home", "root", undefined, true),
  "routes/product": route("routes/product", "root", "product/:id"),
  "routes/dashboard": route("routes/dashboard", "root", "dashboard"),
  "routes/dashboard.overview": route(
    "routes/dashboard.overview",
    "routes/dashboard",
    undefined,
    true,
  ),
  "routes/dashboard.admin": route("routes/dashboard.admin", "routes/dashboard"),
  "routes/dashboard.admin-order": route(
    "routes/dashboard.admin-order",
    "routes/dashboard.admin",
    "admin-orders/:orderId",
  ),
  "routes/media": route("routes/media", "root", "media/:imageId/:file"),
  "routes/sitemap": route("routes/sitemap", "root", "sitemap.xml"),
  "routes/not-found": route("routes/not-found", "root", "*"),
};

describe("routeLabeller", () => {
  const label = routeLabeller(routes);

  it("names a page by its route's pattern, not its path", () => {
    expect(label("/")).toBe("/");
    expect(label("/product/prod1")).toBe("/product/:id");
    expect(label("/product/anything-at-all")).toBe("/product/:id");
    expect(label("/dashboard")).toBe("/dashboard");
    expect(label("/dashboard/admin-orders/ord_123")).toBe("/dashboard/admin-orders/:orderId");
    expect(label("/media/img1/640.webp")).toBe("/media/:imageId/:file");
  });

  it("marks React Router's data requests", () => {
    expect(label("/product/prod1.data")).toBe("/product/:id.data");
    expect(label("/_root.data")).toBe("/_root.data");
  });

  it("keeps unknown paths and files to a few labels", () => {
    expect(label("/no/such/page")).toBe("/*");
    expect(label("/wp-admin/x")).toBe("/*");
    expect(label("/assets/entry-abc123.js")).toBe("/assets/*");
    expect(label("/favicon.svg")).toBe("file");
    expect(label("/anything.php")).toBe("file");
    expect(label("/sitemap.xml")).toBe("/sitemap.xml");
    expect(label("/api/auth/sign-in/email")).toBe("/api/auth/*");
    expect(label("/healthz")).toBe("/healthz");
  });
});
