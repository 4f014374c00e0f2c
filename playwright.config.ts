import { dirname } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./scripts/chromium";
import { E2E_METRICS_TOKEN, E2E_SERVER_LOG } from "./tests/e2e/server-log";

// End-to-end tests drive the production build in Debian's Chromium (never a downloaded browser),
// on a fresh in-memory PGlite database seeded with the demo catalogue.
const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  // The server's log of the whole run is checked for secrets at the end.
  globalTeardown: "./tests/e2e/global-teardown.ts",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [
    {
      name: "desktop",
      testIgnore: /\.phone\.spec\.ts$/,
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 1280, height: 800 },
        channel: undefined,
      },
    },
    {
      name: "phone",
      testIgnore: /\.desktop\.spec\.ts$/,
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
