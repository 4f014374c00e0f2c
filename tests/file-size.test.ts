import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { longSourceFiles, MAX_LINES } from "./file-size";

const root = join(import.meta.dirname, "..");
const scratch: string[] = [];

afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("source file length (docs/architecture.md#layout)", () => {
  it(`has no source file over ${MAX_LINES} lines`, () => {
    expect(longSourceFiles(root, ["app", "server", "common", "scripts"])).toEqual([]);
  });

  // The probe: a long source file is found; a long test beside it is not.
  it("finds a source file that grows too long", () => {
    const dir = mkdtempSync(join(tmpdir(), "gleam-lengths-"));
    scratch.push(dir);
    mkdirSync(join(dir, "server", "orders"), { recursive: true });
    const long = "export const x = 1;\n".repeat(MAX_LINES + 1);
    writeFileSync(join(dir, "server", "orders", "order-state.ts"), long);
    writeFileSync(join(dir, "server", "orders", "order-state.test.ts"), long);
    writeFileSync(join(dir, "server", "orders", "short.ts"), "export const y = 2;\n");
    expect(longSourceFiles(dir, ["server"])).toEqual([
      { path: join("server", "orders", "order-state.ts"), lines: MAX_LINES + 1 },
    ]);
  });
});
