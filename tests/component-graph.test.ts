import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// docs/architecture.md#layout: primitives (app/components/ui) know nothing of the shop, and the feature folders
// (catalog, cart, wishlist...) lean on each other one way only: a piece two features need is a
// primitive, not a reason for each to import the other.

const components = join(import.meta.dirname, "..", "app", "components");

/** Which other component folders each folder's files import (`~/components/x/` or `../x/`). */
function folderImports(files: Record<string, string>): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const [path, text] of Object.entries(files)) {
    const folder = path.split("/")[0] ?? "";
    const targets = edges.get(folder) ?? new Set<string>();
    for (const match of text.matchAll(/from "(?:~\/components\/|\.\.\/)([a-z-]+)\//g)) {
      const target = match[1];
      if (target && target !== folder) targets.add(target);
    }
    edges.set(folder, targets);
  }
  return edges;
}

/** Each cycle between feature folders, as "a -> b -> a" (ui excluded: it may be imported by all). */
function cycles(edges: Map<string, Set<string>>): string[] {
  const found: string[] = [];
  const visit = (start: string, at: string, path: string[]) => {
    for (const next of edges.get(at) ?? []) {
      if (next === "ui") continue;
      if (next === start) found.push([...path, next].join(" -> "));
      else if (!path.includes(next) && next > start) visit(start, next, [...path, next]);
    }
  };
  for (const folder of [...edges.keys()].sort()) visit(folder, folder, [folder]);
  return found;
}

function componentFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const folder of readdirSync(components, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    for (const file of readdirSync(join(components, folder.name))) {
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
      files[`${folder.name}/${file}`] = readFileSync(join(components, folder.name, file), "utf8");
    }
  }
  return files;
}

describe("the component folders", () => {
  it("finds a cycle between features and a primitive that imports a feature (probe)", () => {
    const edges = folderImports({
      "catalog/card.tsx": 'import { add } from "~/components/cart/add";',
      "cart/drawer.tsx": 'import { Stepper } from "../catalog/stepper";',
      "ui/button.tsx": 'import { thing } from "~/components/catalog/thing";',
      "home/hero.tsx": 'import { Card } from "~/components/catalog/card";',
    });
    expect(cycles(edges)).toEqual(["cart -> catalog -> cart"]);
    expect([...(edges.get("ui") ?? [])]).toEqual(["catalog"]);
  });

  it("hold: no primitive imports a feature, and no two features import each other", () => {
    const edges = folderImports(componentFiles());
    expect(edges.size).toBeGreaterThan(8);
    expect([...(edges.get("ui") ?? [])]).toEqual([]);
    expect(cycles(edges)).toEqual([]);
  });
});
