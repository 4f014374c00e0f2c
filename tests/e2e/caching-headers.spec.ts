import { logIn } from "../../scripts/bench-checkout";
import { personalPageProblems, publicPageProblems } from "../caching-checks";
import { expect, publicPages, test } from "./fixtures";

// What a shared cache in front may keep (docs/decisions/049-shared-cache.md), page by page, as an
// anonymous shopper and as signed-in ones: every public page is public, tagged, validated and the
// same whoever asks, with no cookie and no Vary: Cookie; every personal page and session API is
// private and never stored. The checks are tests/caching-checks.ts (their probes:
// tests/caching-checks.test.ts).

const personalPages = [
  "/dashboard",
  "/dashboard/orders",
  "/dashboard/wishlist",
  "/dashboard/details",
  "/dashboard/settings",
  "/checkout",
  "/api/me",
  "/api/wishlist",
];
const adminPages = [
  "/dashboard/admin-orders",
  "/dashboard/admin-products",
  "/dashboard/admin-customers",
];

test.describe("caching headers", () => {
  test("public pages may be kept by a shared cache; personal ones never", async ({ baseURL }) => {
    const origin = baseURL ?? "";
    const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
    const category = /<loc>[^<]*(\/store\/[^<]+)<\/loc>/.exec(sitemap)?.[1];
    expect(category).toBeDefined();
    const pages = [
      ...publicPages,
      `${category}`,
      "/search?q=white",
      "/sitemap.xml",
      "/feeds/google.xml",
    ];
    const customer = await logIn(origin, origin, "customer@example.com", "customer-password-1");
    const admin = await logIn(origin, origin, "admin@example.com", "admin-password-1");
    const visitors = { anonymous: {}, customer: { Cookie: customer }, admin: { Cookie: admin } };

    for (const path of pages) {
      const bodies = new Set<string>();
      for (const [who, headers] of Object.entries(visitors)) {
        const response = await fetch(`${origin}${path}`, { headers });
        const answer = Object.fromEntries(response.headers);
        if (response.headers.getSetCookie().length > 0) answer["set-cookie"] = "set";
        expect(publicPageProblems(answer, response.status), `${who} ${path}`).toEqual([]);
        bodies.add(await response.text());
      }
      // Byte for byte the same for everyone: nothing personal to leak from a shared copy.
      expect(bodies.size, path).toBe(1);
      const [body = ""] = bodies;
      expect(body).not.toContain("customer@example.com");
      expect(body).not.toContain("admin@example.com");
    }

    // What the page shows names it: a product's page carries the product's tag.
    const product = await fetch(`${origin}/product/prod1`);
    expect(product.headers.get("surrogate-key")?.split(" ")).toContain("product-prod1");
    expect(product.headers.get("cache-tag")?.split(",")).toContain("product-prod1");
    // Its client data (a navigation in the browser) is kept by shared caches too, but never
    // served stale: a browser would show the page as it was before a change.
    const data = await fetch(`${origin}/product/prod1.data`);
    expect(data.headers.get("cache-control")).toBe(
      "public, max-age=0, must-revalidate, s-maxage=20",
    );
    await data.arrayBuffer();
    // Asked again with its ETag: an empty 304.
    const etag = product.headers.get("etag") ?? "";
    const again = await fetch(`${origin}/product/prod1`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");

    for (const [path, cookie] of [
      ...personalPages.map((path) => [path, customer] as const),
      ...adminPages.map((path) => [path, admin] as const),
    ]) {
      const response = await fetch(`${origin}${path}`, {
        headers: { Cookie: cookie },
        redirect: "manual",
      });
      expect(personalPageProblems(Object.fromEntries(response.headers)), path).toEqual([]);
      expect(response.status, path).toBe(200);
      await response.arrayBuffer();
    }
  });
});
