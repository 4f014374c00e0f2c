import pg from "pg";
import { logIn } from "../../scripts/bench-checkout";
import { type BuiltServer, freePort, startBuiltServer } from "../../scripts/built-server";
import { startVarnish, type Varnish } from "../../scripts/varnish";
import { personalPageProblems } from "../caching-checks";
import { expect, test } from "./fixtures";
import { MAKE_SHOPPERS, productForm } from "./instance-fixtures";
import { NEEDS_POSTGRES, postgresUrl, seededPostgresDatabase } from "./seeded-shop";

// Varnish in front of two instances, with the shop's own VCL (deploy/varnish/gleam.vcl; decision
// record 049), as a shop that meets its traffic at a shared cache runs: shoppers browse through
// it, anonymous and signed in; no personal byte comes out of it for another shopper; a price
// change is served through it as soon as the purge lands, while the old page is still fresh;
// and with both instances stopped, the public pages it kept still answer, stale, while checkout
// answers a plain 503. PostgreSQL only (two instances); .ci/run installs Debian's varnish.
const databaseName = "gleam_e2e_shared_cache";
const UNAVAILABLE = "The shop is unavailable for a moment. Please try again shortly.";
const S_MAXAGE = 15;

type Visitor = {
  name: string;
  cookie?: string;
  email?: string;
  fullName?: string;
  saves?: string;
};

test.describe("a shared cache in front of two instances", () => {
  test.skip(!postgresUrl, NEEDS_POSTGRES);
  test.describe.configure({ mode: "serial", timeout: 70_000 });

  test("shares public pages, keeps personal ones apart, purges, and outlives the shop", async () => {
    const database = await seededPostgresDatabase(postgresUrl, databaseName, {
      DEMO_ORDERS: "20",
    });
    const shop = new pg.Client({ connectionString: database.url });
    const cachePort = await freePort();
    const ports = [await freePort(), await freePort()];
    const common = {
      DATABASE_URL: database.url,
      SHOP_MODE: "demo",
      WEB_CONCURRENCY: "1",
      DEMO_ORDERS: "20",
      LOG_LEVEL: "warn",
      AUTH_ATTEMPTS_PER_MINUTE: "500",
      // Shoppers reach the shop through the cache: its address is the shop's.
      BASE_URL: `http://localhost:${cachePort}`,
      TRUST_PROXY: "1",
      // Kept for 15 s: a change seen while the old page was still fresh is the purge's doing,
      // and a page served once the instances are gone is stale.
      CACHE_S_MAXAGE_SECONDS: String(S_MAXAGE),
      CACHE_PURGE: "http",
      CACHE_PURGE_URLS: `http://127.0.0.1:${cachePort}/`,
    };
    const instances: BuiltServer[] = [];
    let varnish: Varnish | undefined;
    try {
      instances.push(
        ...(await Promise.all(
          ports.map((port) => startBuiltServer({ ...common, PORT: String(port) })),
        )),
      );
      varnish = await startVarnish(ports, { port: cachePort });
      const cache = varnish.url;
      await expect
        .poll(async () => (await fetch(`${cache}/healthz`)).status, { timeout: 20_000 })
        .toBe(200);
      await shop.connect();
      await shop.query(MAKE_SHOPPERS, [1]);

      const visitors: Visitor[] = [
        { name: "anonymous" },
        {
          name: "customer",
          email: "customer@example.com",
          fullName: "Demo Customer",
          cookie: await logIn(cache, cache, "customer@example.com", "customer-password-1"),
          saves: "prod2",
        },
        {
          name: "shopper",
          email: "shopper-1@example.com",
          fullName: "Shopper 1",
          cookie: await logIn(cache, cache, "shopper-1@example.com", "customer-password-1"),
          saves: "prod3",
        },
      ];
      for (const visitor of visitors) {
        if (!visitor.cookie || !visitor.saves) continue;
        const saved = await fetch(`${cache}/api/wishlist/${visitor.saves}`, {
          method: "PUT",
          headers: { Cookie: visitor.cookie, Origin: cache },
        });
        expect(saved.status).toBe(200);
      }
      const get = (visitor: Visitor, path: string) =>
        fetch(`${cache}${path}`, {
          headers: visitor.cookie ? { Cookie: visitor.cookie } : {},
          redirect: "manual",
        });

      // 1. Three rounds of browsing, the visitors taking turns.
      const publicPaths = ["/", "/store", "/product/prod2", "/product/prod3", "/search?q=white"];
      const personalPaths = ["/dashboard", "/dashboard/wishlist", "/checkout", "/api/me"];
      const publicBodies = new Map<string, Set<string>>();
      const seenBy = new Map<string, string[]>();
      const lastState = new Map<string, string | null>();
      // Every answer carries its own request's id, a page from the cache included.
      const requestIds = new Set<string>();
      let answers = 0;
      for (let round = 0; round < 3; round++) {
        for (const visitor of visitors) {
          for (const path of publicPaths) {
            const response = await get(visitor, path);
            expect(response.status, `${visitor.name} ${path}`).toBe(200);
            expect(response.headers.getSetCookie(), `${visitor.name} ${path}`).toEqual([]);
            lastState.set(path, response.headers.get("x-cache"));
            requestIds.add(response.headers.get("x-request-id") ?? "");
            answers++;
            const body = await response.text();
            publicBodies.set(path, (publicBodies.get(path) ?? new Set()).add(body));
            seenBy.set(visitor.name, [...(seenBy.get(visitor.name) ?? []), body]);
          }
          for (const path of personalPaths) {
            const response = await get(visitor, path);
            const body = await response.text();
            seenBy.set(visitor.name, [...(seenBy.get(visitor.name) ?? []), body]);
            if (!visitor.cookie) continue;
            expect(response.status, `${visitor.name} ${path}`).toBe(200);
            expect(response.headers.get("x-cache"), path).toBe("PASS");
            expect(personalPageProblems(Object.fromEntries(response.headers)), path).toEqual([]);
            if (path === "/api/me") {
              const me = JSON.parse(body) as { signedIn: boolean; wishlist: string[] };
              expect(me.signedIn).toBe(true);
              expect(me.wishlist).toEqual([visitor.saves]);
            } else if (path === "/dashboard") {
              expect(body).toContain(visitor.fullName);
            }
          }
        }
      }
      expect(requestIds.has("")).toBe(false);
      expect(requestIds.size).toBe(answers);
      // The public pages: kept and served from the cache, the same bytes for everyone.
      for (const path of publicPaths) {
        expect(publicBodies.get(path)?.size, path).toBe(1);
        expect(lastState.get(path), path).toBe("HIT");
      }
      // No shopper ever got a byte of another's: their addresses appear only in their own
      // answers, and never in a public page.
      for (const visitor of visitors) {
        for (const other of visitors) {
          if (!other.email || other === visitor) continue;
          for (const body of seenBy.get(visitor.name) ?? []) {
            for (const personal of [other.email, other.fullName ?? other.email]) {
              expect(body.includes(personal), `${visitor.name} saw ${other.name}'s`).toBe(false);
            }
          }
        }
      }

      // 2. A price change on one instance, served through the cache once the purge lands.
      const adminCookie = await logIn(cache, cache, "admin@example.com", "admin-password-1");
      const created = await fetch(`${cache}/dashboard/admin-products/new`, {
        method: "POST",
        headers: { Cookie: adminCookie, Origin: cache },
        body: productForm("12.00", 10),
        redirect: "manual",
      });
      expect(created.status).toBe(302);
      const productId = created.headers.get("Location")?.split("/").at(-1) ?? "";
      const productUrl = `${cache}/product/${productId}`;
      await expect
        .poll(async () => (await fetch(productUrl)).headers.get("x-cache"), { timeout: 10_000 })
        .toBe("HIT");
      const kept = await fetch(productUrl);
      expect(await kept.text()).toContain("£12.00");
      // How long the kept page stays fresh: the new price must come sooner than that.
      const freshForMs = (S_MAXAGE - Number(kept.headers.get("age") ?? S_MAXAGE)) * 1000;
      const { rows } = await shop.query<{ id: string }>(
        "select id from product_variants where product_id = $1",
        [productId],
      );
      const changed = await fetch(`${cache}/dashboard/admin-products/${productId}`, {
        method: "POST",
        headers: { Cookie: adminCookie, Origin: cache },
        body: productForm("13.50", 10, rows[0]?.id, 1),
        redirect: "manual",
      });
      expect(changed.status).toBeLessThan(400);
      const changedAt = Date.now();
      let servedAfterMs: number | undefined;
      while (servedAfterMs === undefined && Date.now() - changedAt < 10_000) {
        const askedAt = Date.now();
        const text = await (await fetch(productUrl)).text();
        if (text.includes("£13.50") && !text.includes("£12.00"))
          servedAfterMs = askedAt - changedAt;
        else await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(servedAfterMs, "the new price through the cache within 2 s").toBeLessThan(2000);
      expect(servedAfterMs, "while the old page was still fresh").toBeLessThan(freshForMs);
      test.info().annotations.push({
        type: "purge",
        description: `new price served through Varnish ${servedAfterMs} ms after the save`,
      });
      // Kept again, with the new price.
      await expect
        .poll(async () => (await fetch(productUrl)).headers.get("x-cache"), { timeout: 10_000 })
        .toBe("HIT");

      // 3. Both instances stop: what the cache kept still answers; checkout cannot. A purge still
      // queued would land after the pages are kept again: the new product's starting stock is a
      // stock movement, whose purge waits for the end of its window (decision record 055). So
      // the queue is empty first; then every page is kept again (the new product purged every
      // listing, and that late purge its own page).
      await expect
        .poll(
          async () =>
            (
              await shop.query<{ queued: number }>(
                "select count(*)::int as queued from jobs where kind = 'purge-cache'",
              )
            ).rows[0]?.queued,
          { message: "purges still queued", timeout: 20_000 },
        )
        .toBe(0);
      const keptPaths = [...publicPaths, `/product/${productId}`];
      for (const path of keptPaths) {
        await expect
          .poll(async () => (await fetch(`${cache}${path}`)).headers.get("x-cache"), {
            message: path,
            timeout: 10_000,
          })
          .toBe("HIT");
      }
      await Promise.all(instances.map((instance) => instance.stop()));
      await expect
        .poll(async () => (await fetch(`${cache}/healthz`)).status, { timeout: 10_000 })
        .toBe(503);
      // Past their s-maxage, the kept pages still answer: stale, as stale-if-error allows. Each
      // was kept at its own time: the last kept is the one to wait for.
      await expect
        .poll(
          async () => {
            const ages = await Promise.all(
              keptPaths.map(async (path) =>
                Number((await fetch(`${cache}${path}`)).headers.get("age")),
              ),
            );
            return Math.min(...ages);
          },
          { timeout: (S_MAXAGE + 10) * 1000 },
        )
        .toBeGreaterThan(S_MAXAGE);
      for (const path of keptPaths) {
        const response = await fetch(`${cache}${path}`);
        expect(response.status, path).toBe(200);
        expect(Number(response.headers.get("age")), path).toBeGreaterThan(S_MAXAGE);
        const body = await response.text();
        if (path.endsWith(productId)) expect(body).toContain("£13.50");
      }
      const checkout = await get(visitors[1] as Visitor, "/checkout");
      expect(checkout.status).toBe(503);
      expect(checkout.headers.get("cache-control")).toBe("no-store");
      expect(await checkout.text()).toContain(UNAVAILABLE);
      const intent = await fetch(`${cache}/api/checkout/payment-intent`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: cache },
        body: "{}",
      });
      expect(intent.status).toBe(503);
      expect(await intent.json()).toEqual({ error: UNAVAILABLE });
    } finally {
      await varnish?.stop();
      await Promise.all(instances.map((instance) => instance.stop()));
      await shop.end().catch(() => {});
      await database.drop();
    }
  });
});
