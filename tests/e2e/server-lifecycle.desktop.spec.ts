import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, startBuiltServer } from "../../scripts/built-server";
import { expect, test } from "./fixtures";

// Starts its own servers from the production build, on their own ports and data folders.
test.describe("server lifecycle", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });

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

  test("a bad variable stops the server at boot with a message naming it", async () => {
    const bad = await startBuiltServer(
      { HOST: "", PORT: "3999", BASE_URL: "not a url" },
      { waitForHealth: false },
    );
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain("Invalid configuration");
    expect(bad.output()).toMatch(/BASE_URL: /);
  });

  test("live mode refuses to start without real payment and email settings", async () => {
    const live = await startBuiltServer({ SHOP_MODE: "live" }, { waitForHealth: false });
    expect(await live.exited).toBe(1);
    expect(live.output()).toContain("PAYMENT_PROVIDER:");
    expect(live.output()).toContain("SMTP_URL:");
  });
});
