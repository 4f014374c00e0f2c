import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { jobKinds } from "@server/jobs/schema";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { afterEach, describe, expect, it } from "vitest";
import {
  anchorOf,
  brokenCitations,
  libraryProblems,
  undescribedDomains,
  unlistedJobKinds,
  unnamedTables,
} from "./docs-map";

const root = join(import.meta.dirname, "..");
const map = readFileSync(join(root, "docs", "architecture.md"), "utf8");
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const scratch: string[] = [];

afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The project's own text files, as git lists them (what a clone has). */
function trackedTextFiles(): string[] {
  return (
    execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" })
      .split("\n")
      .filter((path) => /\.(ts|tsx|mjs|md|json|jsonc|css|sql|grit|vcl|conf|yml|sh)$/.test(path))
      .filter((path) => path !== "package-lock.json")
      // The checker and its probe quote the faults they look for.
      .filter((path) => !path.startsWith("tests/docs-map."))
  );
}

/** Every domain's tables: server/<domain>/schema.ts. */
async function schemaTables(): Promise<string[]> {
  const tables = new Set<string>();
  for (const domain of domainFolders()) {
    const file = join(root, "server", domain, "schema.ts");
    if (!existsSync(file)) continue;
    const module: Record<string, unknown> = await import(pathToFileURL(file).href);
    for (const value of Object.values(module)) {
      if (is(value, PgTable)) tables.add(getTableName(value));
    }
  }
  return [...tables].sort();
}

function domainFolders(): string[] {
  return readdirSync(join(root, "server"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

describe("docs/architecture.md, the map (docs/architecture.md#architecture)", () => {
  it("is cited by headings that exist, never by a section's number", () => {
    const problems = trackedTextFiles().flatMap((path) =>
      brokenCitations(root, path, readFileSync(join(root, path), "utf8")),
    );
    expect(problems).toEqual([]);
  });

  it("names every table of every server/<domain>/schema.ts", async () => {
    const tables = await schemaTables();
    expect(tables.length).toBeGreaterThan(30);
    expect(unnamedTables(map, tables)).toEqual([]);
  });

  it("gives every kind of background job a row of its table", () => {
    expect(jobKinds.length).toBeGreaterThan(10);
    expect(unlistedJobKinds(map, jobKinds)).toEqual([]);
  });

  it("describes every domain folder under server/", () => {
    const domains = domainFolders();
    expect(domains.length).toBeGreaterThan(20);
    expect(undescribedDomains(map, domains)).toEqual([]);
  });

  it("names every runtime library and none that package.json lacks", () => {
    expect(libraryProblems(map, manifest)).toEqual([]);
  });

  // The probe: a map and a file written with each fault the checks exist for.
  it("finds each fault when one appears", () => {
    const dir = mkdtempSync(join(tmpdir(), "gleam-docs-map-"));
    scratch.push(dir);
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    };
    write("docs/architecture.md", "# Architecture\n\n## Money flow\n\n## A request's path\n");
    const code = [
      "// Paying (docs/architecture.md#money-flow), a request (docs/architecture.md#a-requests-path).",
      "// Stock (docs/architecture.md#stock), the old way (docs/architecture.md §6).",
      "// Gone (docs/nowhere.md#intro).",
    ].join("\n");
    expect(brokenCitations(dir, "server/pay.ts", code)).toEqual([
      "server/pay.ts:2: docs/architecture.md has no heading #stock",
      "server/pay.ts:3: docs/nowhere.md does not exist",
      'server/pay.ts:2: "architecture.md §6" cites a section by its number: cite its heading\'s anchor',
    ]);
    // Beside the cited file: a link inside docs/ is relative to it.
    expect(brokenCitations(dir, "docs/product.md", "[paying](architecture.md#money-flow)")).toEqual(
      [],
    );
    expect(anchorOf("Money flow and the order's states")).toBe("money-flow-and-the-orders-states");

    const fakeMap = [
      "| styles | primitives on Radix |",
      "| `orders/` | orders |",
      "Tables: `orders`, `users`. Hono, React, Zod.",
    ].join("\n");
    expect(
      libraryProblems(fakeMap, {
        dependencies: { hono: "1", react: "1", zod: "1", sharp: "1", "left-pad": "1" },
      }),
    ).toEqual([
      "the map names Radix, which package.json does not have (@radix-ui/)",
      "the map does not name sharp (sharp)",
      "left-pad is a dependency the map's list of libraries lacks",
    ]);
    expect(unnamedTables(fakeMap, ["orders", "users", "returns"])).toEqual(["returns"]);
    expect(undescribedDomains(fakeMap, ["orders", "returns"])).toEqual(["returns"]);
    const jobTable =
      "| kind | subject |\n| --- | --- |\n| `send-email` | an email |\nthen `expire-order` runs";
    expect(unlistedJobKinds(jobTable, ["send-email", "expire-order"])).toEqual(["expire-order"]);
  });
});
