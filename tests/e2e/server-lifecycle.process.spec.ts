import { mkdtempSync, rmSync } from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, startBuiltServer } from "../../scripts/built-server";
import { expect, test } from "./fixtures";

// Starts its own servers from the production build, on their own ports and data folders.

/** A GET without keep-alive, so no pooled socket can be reused while the server closes them. */
function getOnNewConnection(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = get(url, { agent: false }, (response) => {
      let body = "";
      response.on("data", (chunk) => {
        body += chunk;
      });
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on("error", reject);
  });
}
test.describe("server lifecycle", () => {
  test.describe.configure({ mode: "serial", timeout: 60_000 });

  test("first start migrates and seeds, prints the URL; SIGTERM shuts down cleanly; a restart keeps the data", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "gleam-lifecycle-"));
    try {
      const port = String(await freePort());
      const env = { PORT: port, DATA_DIR: dataDir, LOG_LEVEL: "info" };
      const first = await startBuiltServer(env);
      expect(first.output()).toContain(`is running at http://localhost:${port}`);
      expect(first.output()).toContain("seeded the demo catalogue");
      const store = await fetch(`${first.url}/store`);
      expect(store.status).toBe(200);
      expect(await store.text()).toContain("Whitening Toothpaste");

      expect(await first.stop()).toBe(0);
      expect(first.output()).toContain("shut down cleanly");
      await expect(fetch(`${first.url}/healthz`)).rejects.toThrow();

      const second = await startBuiltServer(env);
      expect(second.output()).not.toContain("seeded the demo catalogue");
      expect((await fetch(`${second.url}/product/prod1`)).status).toBe(200);
      second.child.kill("SIGINT");
      expect(await second.exited).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("a stop signal lets requests already sent finish, and reports draining to health checks", async () => {
    // A longer drain than the default 1 s: this test shares two cores with the rest of the suite.
    const server = await startBuiltServer({
      PAGE_CACHE_TTL_SECONDS: "0",
      SHUTDOWN_DRAIN_SECONDS: "3",
    });
    // Twenty renders queue up behind each other on the one event loop; the signal comes once the
    // first is answered, so the others are sent and waiting.
    const pages = Array.from({ length: 20 }, () => fetch(`${server.url}/`));
    await Promise.race(pages);
    server.child.kill("SIGTERM");
    // The signal is handled between renders: poll, each time on a new connection, until health
    // checks report the drain (they do before the listener closes).
    let health: { status: number; body: string } | undefined;
    await expect
      .poll(
        async () => {
          health = await getOnNewConnection(`${server.url}/healthz`);
          return health.status;
        },
        { intervals: [20], timeout: 5_000 },
      )
      .toBe(503);
    expect(JSON.parse(health?.body ?? "{}")).toEqual({ status: "draining" });
    const statuses = await Promise.all(pages.map(async (page) => (await page).status));
    expect(statuses).toEqual(Array.from({ length: 20 }, () => 200));
    expect(await server.exited).toBe(0);
  });

  test("a bad variable stops the server at boot with a message naming it", async () => {
    const bad = await startBuiltServer(
      { HOST: "", PORT: "3999", BASE_URL: "not a url" },
      { waitForHealth: false },
    );
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain("Invalid configuration");
    expect(bad.output()).toMatch(/BASE_URL: /);
  });

  test("demo mode refuses a public address unless asked, and then warns loudly", async () => {
    const refused = await startBuiltServer({ HOST: "0.0.0.0" }, { waitForHealth: false });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain("HOST: demo mode publishes");

    // Allowed: it starts, and says at once (before the database is even ready) what it exposes.
    const allowed = await startBuiltServer(
      { HOST: "0.0.0.0", ALLOW_PUBLIC_DEMO: "true" },
      { waitForHealth: false },
    );
    try {
      await expect
        .poll(() => allowed.output(), { timeout: 30_000 })
        .toContain("DEMO MODE ON A PUBLIC ADDRESS");
      expect(allowed.child.exitCode).toBeNull();
    } finally {
      await allowed.stop();
    }

    const withStripe = await startBuiltServer(
      {
        STRIPE_SECRET_KEY: "sk_live_x",
        STRIPE_PUBLISHABLE_KEY: "pk_live_x",
        STRIPE_WEBHOOK_SECRET: "whsec_x",
      },
      { waitForHealth: false },
    );
    expect(await withStripe.exited).toBe(1);
    expect(withStripe.output()).toContain("demo mode takes no real payments");
  });

  test("live mode refuses to start without real payment and email settings", async () => {
    const live = await startBuiltServer({ SHOP_MODE: "live" }, { waitForHealth: false });
    expect(await live.exited).toBe(1);
    expect(live.output()).toContain("PAYMENT_PROVIDER:");
    expect(live.output()).toContain("SMTP_URL:");
  });
});
