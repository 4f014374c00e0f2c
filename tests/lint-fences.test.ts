import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";

// Probes of the fences `npm run lint` puts up (docs/architecture.md#layout): each copies the project's own
// configuration into a scratch folder beside files that break (or keep) a rule, runs the real tool
// there and reads what it says. A fence that silently stops firing fails here.

const root = join(import.meta.dirname, "..");
const bin = (name: string) => join(root, "node_modules", ".bin", name);
const run = promisify(execFile);
const scratch: string[] = [];

function project(config: string, files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "gleam-lint-probe-"));
  scratch.push(dir);
  copyFileSync(join(root, config), join(dir, config));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

type BiomeReport = {
  diagnostics: { category: string; message: string; location: { path: string } }[];
};

/** Biome's plugins that biome.json names, copied beside it. */
const PLUGINS = ["lint/no-request-url.grit"];

/** The files Biome reports a rule's diagnostic in. */
async function flagged(rule: string, files: Record<string, string>) {
  const plugins = Object.fromEntries(
    PLUGINS.map((path) => [path, readFileSync(join(root, path), "utf8")]),
  );
  const dir = project("biome.json", { ...plugins, ...files });
  const { stdout } = await run(
    bin("biome"),
    ["lint", "--vcs-enabled=false", "--reporter=json", "."],
    { cwd: dir },
  ).catch((error: { stdout: string }) => error);
  const report = JSON.parse(stdout) as BiomeReport;
  return report.diagnostics
    .filter((diagnostic) => diagnostic.category === rule)
    .map((diagnostic) => diagnostic.location.path)
    .sort();
}

/** The files Biome refuses an import in. */
const refusedImports = (files: Record<string, string>) =>
  flagged("lint/style/noRestrictedImports", files);

const importing = (specifier: string) =>
  `import { thing } from "${specifier}";\n\nexport const used = thing;\n`;

describe("the import fence (biome.json)", () => {
  it("refuses server code and database modules in components and shared lib code", async () => {
    expect(
      await refusedImports({
        "app/components/layout/alias.tsx": importing("@server/db/connection"),
        "app/components/layout/relative.tsx": importing("../../../server/logger"),
        "app/components/checkout/deep.tsx": importing("../../../server/payments/stripe-provider"),
        "app/lib/env.ts": importing("../../server/env"),
        "app/lib/drizzle.ts": importing("drizzle-orm"),
        "app/components/ui/pg.tsx": importing("pg"),
      }),
    ).toEqual([
      "app/components/checkout/deep.tsx",
      "app/components/layout/alias.tsx",
      "app/components/layout/relative.tsx",
      "app/components/ui/pg.tsx",
      "app/lib/drizzle.ts",
      "app/lib/env.ts",
    ]);
  });

  it("lets route modules call services, but never the database directly", async () => {
    expect(
      await refusedImports({
        "app/routes/service.tsx": importing("../../server/orders/orders-service"),
        "app/routes/alias.tsx": importing("@server/auth/guards"),
        "app/routes/drizzle.tsx": importing("drizzle-orm"),
        "app/routes/schema.tsx": importing("@server/orders/schema"),
        "app/components/layout/shared.tsx": importing("@common/money"),
      }),
    ).toEqual(["app/routes/drizzle.tsx", "app/routes/schema.tsx"]);
  });
});

describe("the common code's fence (biome.json)", () => {
  it("keeps server/ off app/, and common/ off both app/ and server/", async () => {
    expect(
      await refusedImports({
        "server/email/alias.ts": importing("~/components/ui/button"),
        "server/email/relative.ts": importing("../../app/lib/toast"),
        "server/email/shared.ts": importing("../../common/money"),
        "server/http/entry.ts": importing("./app"),
        "common/alias.ts": importing("~/lib/toast"),
        "common/relative.ts": importing("../app/lib/toast"),
        "common/server.ts": importing("../server/env"),
        "common/server-alias.ts": importing("@server/env"),
        "common/drizzle.ts": importing("drizzle-orm"),
        "common/sibling.ts": importing("./money"),
        "app/components/layout/shared.tsx": importing("@common/money"),
      }),
    ).toEqual([
      "common/alias.ts",
      "common/drizzle.ts",
      "common/relative.ts",
      "common/server-alias.ts",
      "common/server.ts",
      "server/email/alias.ts",
      "server/email/relative.ts",
    ]);
  });
});

describe("autoFocus (biome.json)", () => {
  it("is refused: the browser's renderer only writes the attribute (useFocusOnMount instead)", async () => {
    expect(
      await flagged("lint/a11y/noAutofocus", {
        "app/components/search/field.tsx":
          'export function Field() {\n  return <input aria-label="Search" autoFocus />;\n}\n',
        "app/components/search/kept.tsx":
          'export function Kept() {\n  return <input aria-label="Search" />;\n}\n',
      }),
    ).toEqual(["app/components/search/field.tsx"]);
  });
});

describe("function length (biome.json)", () => {
  // A function over 100 lines holds more than one idea: it becomes the pieces its work already has
  // (docs/architecture.md#layout, rule 11).
  it("refuses a function over 100 lines in source, not in a test", async () => {
    const body = (lines: number) =>
      Array.from({ length: lines }, (_, index) => `  total += ${index};`).join("\n");
    const fn = (lines: number) =>
      `export function sum() {\n  let total = 0;\n${body(lines)}\n  return total;\n}\n`;
    expect(
      await flagged("lint/complexity/noExcessiveLinesPerFunction", {
        "server/orders/long.ts": fn(100),
        "server/orders/short.ts": fn(90),
        "server/orders/long.test.ts": fn(120),
      }),
    ).toEqual(["server/orders/long.ts"]);
  });
});

describe("request.url in routes (lint/no-request-url.grit)", () => {
  it("is refused in route modules and the guards: the page's address is the route's url argument", async () => {
    const reading = (from: string) =>
      `export function loader({ request, url }: { request: Request; url: URL }) {\n  return [${from}, request.headers.get("Cookie")];\n}\n`;
    expect(
      await flagged("plugin", {
        "app/routes/store.tsx": reading("new URL(request.url).searchParams"),
        "server/auth/guards.ts": reading("request.url"),
        "app/routes/search.tsx": reading("url.searchParams"),
        // The HTTP layer sees requests before React Router: its request.url is the address.
        "server/http/app.ts": reading("new URL(request.url).pathname"),
      }),
    ).toEqual(["app/routes/store.tsx", "server/auth/guards.ts"]);
  });
});

/** What knip finds unused in a small project laid out like this one, under the project's config. */
async function knip(files: Record<string, string>) {
  const dir = project("knip.jsonc", {
    "package.json": JSON.stringify({ name: "probe", private: true, type: "module" }),
    ...files,
  });
  return run(bin("knip"), ["--no-progress", "--reporter", "compact"], { cwd: dir }).then(
    ({ stdout }) => ({ failed: false, stdout }),
    (error: { stdout: string }) => ({ failed: true, stdout: error.stdout }),
  );
}

describe("the unused-code fence (knip.jsonc)", () => {
  const service = "export function used() {\n  return 1;\n}\n";

  it("passes a project where every export is used", async () => {
    const result = await knip({
      "scripts/task.ts": 'import { used } from "../server/orders/thing";\n\nused();\n',
      "server/orders/thing.ts": service,
    });
    expect(result).toEqual({ failed: false, stdout: "" });
  });

  it("fails on an export nobody imports, and on a file nobody reaches", async () => {
    const result = await knip({
      "scripts/task.ts": 'import { used } from "../server/orders/thing";\n\nused();\n',
      "server/orders/thing.ts": `${service}export const forgotten = 2;\n`,
      "server/orders/orphan.ts": "export const alone = 3;\n",
    });
    expect(result.failed).toBe(true);
    expect(result.stdout).toContain("forgotten");
    expect(result.stdout).toContain("server/orders/orphan.ts");
  });
});
