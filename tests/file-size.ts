import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

// No source file over 400 lines (docs/architecture.md#layout): a file that long holds more than one
// idea. Tests and data aside: a test file reads top to bottom, and data is not read as code.

export const MAX_LINES = 400;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "node_modules" ? [] : sourceFiles(path);
    if (!/\.tsx?$/.test(name) || /\.test\.tsx?$/.test(name) || name.endsWith(".d.ts")) return [];
    return [path];
  });
}

/** The source files under `roots` longer than `max` lines, with their length, relative to `base`. */
export function longSourceFiles(
  base: string,
  roots: readonly string[],
  max = MAX_LINES,
): { path: string; lines: number }[] {
  return roots
    .flatMap((root) => sourceFiles(join(base, root)))
    .map((path) => ({
      path: relative(base, path),
      lines: readFileSync(path, "utf8").trimEnd().split("\n").length,
    }))
    .filter((file) => file.lines > max);
}
