import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach } from "vitest";

/**
 * For a guard's probe: a function that writes `files` (paths under server/) into a new scratch
 * folder and gives its server/ folder; every folder it made is removed after each test.
 */
export function scratchServers(prefix: string): (files: Record<string, string>) => string {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return (files) => {
    const root = mkdtempSync(join(tmpdir(), prefix));
    made.push(root);
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, "server", path)), { recursive: true });
      writeFileSync(join(root, "server", path), text);
    }
    return join(root, "server");
  };
}
