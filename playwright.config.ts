import { dirname } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, testBrowserPath } from "./scripts/chromium";
import { E2E_METRICS_TOKEN, E2E_SERVER_LOG } from "./tests/e2e/server-log";

// End-to-end tests drive the production build in Debian's Chromium (never a downloaded browser):
// its headless shell, as Playwright's own default for headless runs (docs/testing.md), on a fresh
// in-memory PGlite database seeded with the demo catalogue.
const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://localhost:${port}`;
const desktop = {
  ...devices["Desktop Chrome"],
  viewport: { width: 1280, height: 800 },
  channel: undefined,
};

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  // The seeded demo shop the specs copy, made once before the workers start.
  globalSetup: "./tests/e2e/global-setup.ts",
  // The server's log of the whole run is checked for secrets at the end.
  globalTeardown: "./tests/e2e/global-teardown.ts",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // A test that passes only on a second try is a bug (docs/testing.md): no retries, and a flaky
  // test fails the run wherever retries are asked for on the command line.
  retries: 0,
  failOnFlakyTests: true,
  // The machine's two cores: two browsers at once (docs/testing.md).
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // `npm test` names a JSON report per project for its summary (scripts/test.ts).
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL,
    // A trace makes every test dearer (decision record 050): rerun a failure with `--trace on`.
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: testBrowserPath, args: chromiumArgs },
  },
  // Each file runs at one size, named by its ending: `.spec.ts` on the desktop, `.phone.spec.ts`
  // on the phone, `.responsive.spec.ts` on both (what changes with the width, and the axe walk of
  // every screen); `.process.spec.ts` starts, kills and faults servers of its own.
  projects: [
    {
      name: "desktop",
      testIgnore: [/\.phone\.spec\.ts$/, /\.process\.spec\.ts$/],
      use: desktop,
    },
    {
      name: "process",
      testMatch: /\.process\.spec\.ts$/,
      use: desktop,
    },
    {
      name: "phone",
      testMatch: [/\.phone\.spec\.ts$/, /\.responsive\.spec\.ts$/],
      use: {
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        userAgent: devices["Pixel 7"].userAgent,
      },
    },
  ],
  webServer: {
    command: `mkdir -p "${dirname(E2E_SERVER_LOG)}" && node build/server/index.js > "${E2E_SERVER_LOG}"`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      BASE_URL: baseURL,
      DATA_DIR: "memory://",
      // Every request logged, so the check for secrets sees all of them.
      LOG_LEVEL: "info",
      // Every test signs in from 127.0.0.1: the per-address limit is tested by the integration tests.
      AUTH_ATTEMPTS_PER_MINUTE: "1000",
      METRICS_TOKEN: E2E_METRICS_TOKEN,
    },
  },
});
