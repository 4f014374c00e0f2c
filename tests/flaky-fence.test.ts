import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

// The probe of playwright.config.ts's no-retry rule (docs/testing.md): a test that fails once and
// passes when tried again fails the run, even where retries are asked for on the command line.
// The shop's own config runs a throwaway spec, without its server or browser.

const root = join(import.meta.dirname, "..");
const scratch: string[] = [];

afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function runWithShopConfig(spec: string, extraArgs: string[]) {
  const dir = mkdtempSync(join(root, "tests", ".flaky-probe-"));
  scratch.push(dir);
  writeFileSync(join(dir, "probe.spec.ts"), spec);
  writeFileSync(
    join(dir, "probe.config.ts"),
    `import shop from "../../playwright.config";
export default { ...shop, testDir: ".", webServer: undefined, globalSetup: undefined, globalTeardown: undefined,
  reporter: [["line"]], projects: [{ name: "probe" }] };\n`,
  );
  return spawnSync(
    process.execPath,
    [
      join(root, "node_modules", "@playwright", "test", "cli.js"),
      "test",
      "--config",
      join(dir, "probe.config.ts"),
      ...extraArgs,
    ],
    {
      cwd: dir,
      encoding: "utf8",
      env: { ...process.env, CI: "true", PLAYWRIGHT_JSON_OUTPUT_NAME: "" },
    },
  );
}

describe("a flaky end-to-end test", () => {
  it("fails the run when it passes only on its second try", { timeout: 20_000 }, () => {
    const flaky = `import { test, expect } from "@playwright/test";
test("passes on its second try", ({}, info) => { expect(info.retry).toBe(1); });\n`;
    const run = runWithShopConfig(flaky, ["--retries=1"]);
    expect(run.stdout).toMatch(/1 flaky/);
    expect(run.status, run.stdout + run.stderr).toBe(1);
    // And the config itself asks for no retry: the first failure is the end of it.
    const once = runWithShopConfig(flaky, []);
    expect(once.stdout).toMatch(/1 failed/);
    expect(once.status).toBe(1);
  });
});
