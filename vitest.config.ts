import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts so the React Router plugin does not run under Vitest.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // Vite puts its own BASE_URL ("/") into process.env; the shop's BASE_URL is an absolute URL.
    env: { LOG_LEVEL: "silent", BASE_URL: "http://localhost:3000" },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "app/**/*.test.{ts,tsx}",
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
          include: ["tests/integration/**/*.test.ts"],
          setupFiles: ["tests/setup/order-reactions.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
