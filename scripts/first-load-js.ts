import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

// What a page makes the browser download as JavaScript before it is interactive: the scripts its
// HTML preloads and imports, as React Router writes them into the page.
// Code loaded later on demand (the search palette, Stripe's form) is not counted. The budget counts gzipped bytes; a
// browser that accepts Brotli gets the build's .br forms (scripts/precompress-assets.ts), smaller.

/**
 * The product page's budget, in gzipped bytes: 131.5 kB, with React DOM and React Router in the
 * browser (decision record 036), each page loading only the shared code it runs and what opens
 * later loading when wanted (decision record 059), and the route manifest listing every route,
 * the admin's too (decision record 026; today's figures in docs/performance.md).
 * Raise it only on purpose, in the commit that needs it, saying why.
 */
export const PRODUCT_PAGE_FIRST_LOAD_BUDGET = 131.5 * 1024;

/** The framework's chunk (React, React DOM, React Router: vite.config.ts's "framework" group). */
const FRAMEWORK_CHUNK = /\/framework-[^/]*\.js$/;

/** A page's first-load JavaScript split into the framework's and the shop's own (all the rest). */
export function firstLoadSplit(sizes: ReadonlyArray<Pick<ScriptSize, "path" | "gzipBytes">>) {
  let frameworkGzipBytes = 0;
  let shopGzipBytes = 0;
  for (const size of sizes) {
    if (FRAMEWORK_CHUNK.test(size.path)) frameworkGzipBytes += size.gzipBytes;
    else shopGzipBytes += size.gzipBytes;
  }
  return { frameworkGzipBytes, shopGzipBytes };
}

/** The script paths a page's HTML preloads or imports, each once. */
export function firstLoadScripts(html: string): string[] {
  const paths = new Set<string>();
  for (const match of html.matchAll(/<link rel="modulepreload"[^>]*? href="([^"]+\.js)"/g)) {
    if (match[1]) paths.add(match[1]);
  }
  // `import("…")`, `import * as route0 from "…"` and the bare `import "…"` of the route manifest.
  for (const match of html.matchAll(/\bimport(?:\(|\s+(?:[^"]*from\s+)?)"([^"]+\.js)"/g)) {
    if (match[1]) paths.add(match[1]);
  }
  return [...paths];
}

type ScriptSize = {
  path: string;
  gzipBytes: number;
  /** What a browser that accepts Brotli is sent: the .br form, or the file when it has none. */
  brotliBytes: number;
};

/** Each script's gzipped and sent-as-Brotli sizes, read from the built client folder. */
export function scriptSizes(clientDir: string, paths: readonly string[]): ScriptSize[] {
  return paths.map((path) => {
    const file = join(clientDir, path);
    const script = readFileSync(file);
    return {
      path,
      gzipBytes: gzipSync(script).length,
      brotliBytes: existsSync(`${file}.br`) ? statSync(`${file}.br`).size : script.length,
    };
  });
}

/** Null within the budget; otherwise what to say, naming the largest scripts. */
export function budgetProblem(
  sizes: ReadonlyArray<Pick<ScriptSize, "path" | "gzipBytes">>,
  budget: number,
): string | null {
  const total = sizes.reduce((sum, size) => sum + size.gzipBytes, 0);
  if (total <= budget) return null;
  const largest = [...sizes]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .slice(0, 4)
    .map((size) => `${size.path} ${(size.gzipBytes / 1024).toFixed(1)} kB`)
    .join(", ");
  return `first-load JavaScript is ${(total / 1024).toFixed(1)} kB gzipped, over the budget of ${(budget / 1024).toFixed(1)} kB (largest: ${largest})`;
}

/** Beside the browser build (build/), written by vite.config.ts: each script's modules, by path. */
export const CHUNK_MODULES_FILE = "client-chunks.json";

/**
 * The admin's own code: its screens, their components (but the shell, which the layout draws
 * around an admin page) and the rich-text editor's libraries. The storefront never needs it.
 */
const ADMIN_ONLY_MODULE =
  /^(app\/routes\/dashboard\.admin|app\/components\/admin\/(?!admin-shell\.tsx$)|node_modules\/(@tiptap|prosemirror-))/;

/** The admin-only modules among a page's scripts', each as "script: module". */
export function adminCodeIn(
  scripts: readonly string[],
  chunkModules: Readonly<Record<string, readonly string[]>>,
): string[] {
  return scripts.flatMap((script) =>
    (chunkModules[script] ?? [])
      .filter((module) => ADMIN_ONLY_MODULE.test(module))
      .map((module) => `${script}: ${module}`),
  );
}
