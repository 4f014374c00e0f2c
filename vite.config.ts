import { writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

// The server build's entry is our Hono server (server/start/main.ts), which imports the React Router
// build as a virtual module, so the app, the services and the HTTP layer share one module graph
// (one database client, one env) in build/server/index.js.
//
// In the browser build (decision record 059):
// - the framework (React, React DOM, React Router) is one chunk;
// - the layout every page renders (app/root.tsx and all it imports) is another;
// - the code several pages share goes into chunks by the set of pages that import it, so a page
//   loads only code it runs. Sets smaller than the merge threshold join their nearest neighbour, so
//   a page loads about ten scripts rather than thirty tiny ones.
// Code loaded later (the cart drawer, the search box, the toasts, the stored cart's check) stays
// in chunks of its own, fetched when wanted.

type ChunkingContext = {
  getModuleInfo(id: string): { importers: readonly string[] } | null;
};

/** Whether `app/root.tsx` imports a module, directly or through others: code every page runs. */
function layoutModules() {
  const known = new Map<string, boolean>();
  const inLayout = (id: string, ctx: ChunkingContext): boolean => {
    if (/[\\/]app[\\/]root\.tsx$/.test(id)) return true;
    const seen = known.get(id);
    if (seen !== undefined) return seen;
    known.set(id, false); // an import cycle leads nowhere new
    const result = (ctx.getModuleInfo(id)?.importers ?? []).some((importer) =>
      inLayout(importer, ctx),
    );
    known.set(id, result);
    return result;
  };
  return inLayout;
}

function browserChunks() {
  const inLayout = layoutModules();
  return {
    groups: [
      {
        name: "framework",
        test: /node_modules[\\/](react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/,
        priority: 3,
      },
      {
        name: (id: string, ctx: ChunkingContext) => (inLayout(id, ctx) ? "layout" : null),
        priority: 2,
      },
      {
        name: "shared",
        test: /[\\/](app|common)[\\/]|node_modules[\\/](clsx|class-variance-authority)[\\/]/,
        tags: ["$initial" as const],
        minShareCount: 2,
        entriesAware: true,
        entriesAwareMergeThreshold: 1500,
        priority: 1,
      },
    ],
  };
}

/**
 * Writes which modules each of the browser build's scripts holds beside it (build/, never served), so a test can tell what a page's scripts
 * hold: the admin's code must not reach a storefront page's first load (tests/e2e/first-load.spec.ts),
 * which the merging of small shared chunks above could otherwise do unseen.
 */
function chunkModulesFile(): Plugin {
  return {
    name: "chunk-modules-file",
    apply: "build",
    writeBundle(options, bundle) {
      if (!options.dir) return;
      const root = process.cwd();
      const chunks: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        chunks[`/${output.fileName}`] = [
          ...new Set(
            output.moduleIds
              .filter((id) => !id.startsWith("\0"))
              .map((id) => relative(root, id.split("?")[0] ?? id)),
          ),
        ];
      }
      // scripts/first-load-js.ts's CHUNK_MODULES_FILE (imported, it would make Vite's native
      // config loader refuse this file).
      writeFileSync(join(dirname(options.dir), "client-chunks.json"), JSON.stringify(chunks));
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    tsconfigPaths: true,
  },
  build: {
    rolldownOptions: isSsrBuild
      ? { input: "./server/start/main.ts" }
      : {
          output: {
            codeSplitting: browserChunks(),
            // A shared chunk's name lists every page that imports it; the route manifest and
            // every page's HTML name the file, so it is kept short.
            chunkFileNames: (chunk: { name: string }) =>
              chunk.name.startsWith("shared~")
                ? "assets/shared-[hash].js"
                : "assets/[name]-[hash].js",
          },
        },
  },
  plugins: [tailwindcss(), reactRouter(), ...(isSsrBuild ? [] : [chunkModulesFile()])],
}));
