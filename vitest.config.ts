import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts so the React Router plugin does not run under Vitest.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // Vite puts its own BASE_URL ("/") into process.env; the shop's BASE_URL is an absolute URL.
    env: { LOG_LEVEL: "silent", BASE_URL: "http://localhost:3000" },
    // The machine's two cores. The server's test files share a worker's modules instead of
    // importing the server anew each (isolate: false below; docs/testing.md): none replaces a
    // module, every integration test starts from an emptied database and fresh caches, and they
    // pass with the files in any order.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          // The browser's code: each file imports its own modules, since its tests replace some
          // of them (vi.mock) for the file alone.
          name: "ui",
          include: ["app/**/*.test.{ts,tsx}"],
          environment: "node",
          setupFiles: ["tests/setup/unit-guards.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "unit",
          isolate: false,
          include: [
            "server/**/*.test.ts",
            "common/**/*.test.ts",
            "scripts/**/*.test.ts",
            "tests/*.test.ts",
          ],
          environment: "node",
          setupFiles: ["tests/setup/unit-guards.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          isolate: false,
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/setup/integration-templates.ts"],
          setupFiles: ["tests/setup/order-reactions.ts"],
          environment: "node",
          // About twice the slowest measured (docs/testing.md); the few longer tests set their own.
          testTimeout: 15_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
