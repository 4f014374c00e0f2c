import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative, sep } from "node:path";

// The server's domain graph (docs/architecture.md#domains): each folder under server/ is a domain, each
// file directly in server/ (env, errors, logger, request-scope) one of its own. A domain's code
// may use another's, in one direction only: a cycle means two domains must be read together.
// A domain's tables (server/<domain>/schema.ts) are no edge: any domain may read or join them, as
// Medusa's Query reads across modules; only the owner writes them (tests/table-owners.ts), so a
// read is no dependency on the owner's rules (docs/decisions/061-a-domain-in-one-place.md).

export type DomainGraph = Map<string, Map<string, string[]>>;

const IMPORT =
  /(?:^|\s)(?:import|export)\s[^;]*?from\s*"([^"]+)"|import\(\s*"([^"]+)"\s*\)|(?:^|\s)import\s*"([^"]+)"/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function domainOf(serverDir: string, file: string): string | undefined {
  const path = relative(serverDir, file);
  if (path.startsWith("..")) return undefined;
  const [first = ""] = path.split(sep);
  return first.replace(/\.tsx?$/, "");
}

/** A domain's tables: server/<domain>/schema.ts. */
function isSchema(serverDir: string, target: string): boolean {
  return /^[^/\\]+[/\\]schema(\.ts)?$/.test(relative(serverDir, target));
}

/** Who imports whom, between domains, with the files that do it. */
export function domainGraph(serverDir: string): DomainGraph {
  const graph: DomainGraph = new Map();
  for (const file of sourceFiles(serverDir)) {
    const from = domainOf(serverDir, file);
    if (!from) continue;
    const edges = graph.get(from) ?? new Map<string, string[]>();
    graph.set(from, edges);
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? match[3] ?? "";
      const target = specifier.startsWith(".")
        ? normalize(join(dirname(file), specifier))
        : specifier.startsWith("@server/")
          ? join(serverDir, specifier.slice("@server/".length))
          : undefined;
      const to = target && domainOf(serverDir, target);
      if (!to || to === from || isSchema(serverDir, target)) continue;
      edges.set(to, [...(edges.get(to) ?? []), relative(serverDir, file)]);
    }
  }
  return graph;
}

/** The groups of domains that import each other round in a circle (Tarjan's components). */
export function domainCycles(graph: DomainGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    for (const to of graph.get(node)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(to) ?? 0));
      } else if (stack.includes(to)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(to) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member) group.push(member);
      } while (member && member !== node);
      if (group.length > 1) cycles.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

/** Each import that keeps a cycle closed, as "a -> b (file, ...)". */
export function cycleEdges(graph: DomainGraph, cycle: string[]): string[] {
  return cycle.flatMap((from) =>
    [...(graph.get(from) ?? new Map<string, string[]>())]
      .filter(([to]) => cycle.includes(to))
      .map(([to, files]) => `${from} -> ${to} (${[...new Set(files)].join(", ")})`),
  );
}
