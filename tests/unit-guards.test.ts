import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";

// The probe of tests/setup/unit-guards.ts: Vitest runs a scratch project with the guards as its
// setup file, and the tests that log an error or reach the network must fail.

const root = join(import.meta.dirname, "..");
const run = promisify(execFile);
const scratch: string[] = [];

afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the unit tests' guards", () => {
  it("fail a test that logs through console.error or console.warn, or fetches without a stub", async () => {
    const dir = mkdtempSync(join(root, "node_modules", ".guard-probe-"));
    scratch.push(dir);
    writeFileSync(
      join(dir, "vitest.config.mjs"),
      `export default { test: { include: ["*.test.mjs"], setupFiles: [${JSON.stringify(
        join(root, "tests", "setup", "unit-guards.ts"),
      )}] } };\n`,
    );
    writeFileSync(
      join(dir, "probe.test.mjs"),
      `import { expect, it, vi } from "vitest";
it("logs an error", () => { console.error("Could not load your account's state."); });
it("logs a warning", () => { console.warn("⚠️ React Router Future Flag Warning"); });
it("fetches the shop", async () => { await fetch("/api/me").catch(() => null); });
it("fetches another site", async () => { await fetch("https://example.com/").catch(() => null); });
it("stubs what it fetches", async () => {
  vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json({ signedIn: false }));
  expect(await (await fetch("/api/me")).json()).toEqual({ signedIn: false });
  vi.restoreAllMocks();
});
it("expects its error", () => {
  const error = vi.spyOn(console, "error").mockImplementation(() => {});
  console.error("expected");
  expect(error).toHaveBeenCalledOnce();
  vi.restoreAllMocks();
});
it("expects its warning", () => {
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  console.warn("expected");
  expect(warn).toHaveBeenCalledOnce();
  vi.restoreAllMocks();
});
`,
    );
    const result = await run(
      join(root, "node_modules", ".bin", "vitest"),
      ["run", "--root", dir, "--reporter", "verbose"],
      { cwd: dir, env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } },
    ).then(
      ({ stdout }) => ({ failed: false, stdout }),
      (error: { stdout: string }) => ({ failed: true, stdout: error.stdout }),
    );
    expect(result.failed).toBe(true);
    expect(result.stdout).toMatch(/4 failed \| 3 passed/);
    expect(result.stdout).toContain("console.error: Could not load your account's state.");
    expect(result.stdout).toContain("console.warn: ⚠️ React Router Future Flag Warning");
    expect(result.stdout).toContain("a network call nobody stubbed: GET /api/me");
    expect(result.stdout).toContain("a network call nobody stubbed: GET https://example.com/");
  }, 60_000);
});
