import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";

// Each table has one owning domain, the one whose server/<domain>/schema.ts defines it, and only
// that domain's code writes it (docs/decisions/061-a-domain-in-one-place.md): another domain asks
// the owner's service. Reading and joining any table stays open to all. A write is an insert,
// update or delete through Drizzle (`db.insert(orders)`) or in SQL text
// (`update orders set`, `delete from ${orders}`).

/** Table name -> owning domain, and each schema's exported name -> table name. */
export type Owners = { byTable: Map<string, string>; byName: Map<string, string> };

const TABLE = /export const (\w+) = pgTable\(\s*"(\w+)"/g;
const BUILDER_WRITE = /\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g;
const SQL_WRITE =
  /\b(?:insert\s+into|update|delete\s+from)\s+(?:"?([a-z_]+)"?|\$\{\s*(\w+)\s*\})/gi;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The tables each domain's schema defines. */
export function tableOwners(serverDir: string): Owners {
  const owners: Owners = { byTable: new Map(), byName: new Map() };
  for (const entry of readdirSync(serverDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    let text: string;
    try {
      text = readFileSync(join(serverDir, entry.name, "schema.ts"), "utf8");
    } catch {
      continue;
    }
    for (const [, name = "", table = ""] of text.matchAll(TABLE)) {
      owners.byTable.set(table, entry.name);
      owners.byName.set(name, table);
    }
  }
  return owners;
}

/** Code without its comments, so a sentence saying "update orders" is no write. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

/** The file's own names for tables: the schema's, and any it imports `as` another. */
function namesInFile(code: string, owners: Owners): Map<string, string> {
  const names = new Map(owners.byName);
  for (const [, original = "", alias = ""] of code.matchAll(/\b(\w+)\s+as\s+(\w+)\b/g)) {
    const table = owners.byName.get(original);
    if (table) names.set(alias, table);
  }
  return names;
}

/** The tables a file's code writes. */
function tablesWritten(text: string, owners: Owners): string[] {
  const code = withoutComments(text);
  const names = namesInFile(code, owners);
  const written = new Set<string>();
  for (const [, name = ""] of code.matchAll(BUILDER_WRITE)) {
    const table = names.get(name);
    if (table) written.add(table);
  }
  for (const [, raw, interpolated] of code.matchAll(SQL_WRITE)) {
    const table = raw ? raw.toLowerCase() : names.get(interpolated ?? "");
    if (table && owners.byTable.has(table)) written.add(table);
  }
  return [...written].sort();
}

/**
 * A column of another domain's table one domain keeps (the stock domain's count on the
 * catalog's variant row): its updates may set those columns and no other, and it never inserts or
 * deletes the owner's rows.
 */
export type ColumnGrant = { domain: string; table: string; columns: readonly string[] };

/** The keys of each `.update(name).set({ ... })` and whether it inserts or deletes `name`. */
function updatedColumns(code: string, name: string): { sets: string[][]; other: boolean } {
  const sets: string[][] = [];
  const update = new RegExp(`\\.update\\(\\s*${name}\\s*\\)\\s*\\.set\\(\\{`, "g");
  for (const match of code.matchAll(update)) {
    let depth = 1;
    let end = (match.index ?? 0) + match[0].length;
    const start = end;
    while (depth > 0 && end < code.length) {
      const char = code[end] ?? "";
      if ("{([".includes(char)) depth += 1;
      if ("})]".includes(char)) depth -= 1;
      end += 1;
    }
    // The object's own keys: what follows a comma or its opening at depth 0.
    let level = 0;
    let top = "";
    for (const char of code.slice(start, end - 1)) {
      if ("{([".includes(char)) level += 1;
      if ("})]".includes(char)) level -= 1;
      top += level === 0 ? char : " ";
    }
    sets.push([...top.matchAll(/(?:^|,)\s*(\w+)\s*:/g)].map(([, key = ""]) => key));
  }
  const other =
    new RegExp(`\\.(?:insert|delete)\\(\\s*${name}\\s*\\)`).test(code) ||
    [...code.matchAll(new RegExp(`\\.update\\(\\s*${name}\\s*\\)`, "g"))].length !== sets.length;
  return { sets, other };
}

function withinGrant(text: string, owners: Owners, grant: ColumnGrant): boolean {
  const code = withoutComments(text);
  const names = [...namesInFile(code, owners)].filter(([, table]) => table === grant.table);
  return names.every(([name]) => {
    const { sets, other } = updatedColumns(code, name);
    return !other && sets.every((keys) => keys.every((key) => grant.columns.includes(key)));
  });
}

/**
 * Every write by a domain that does not own the table, as "domain/file.ts writes table (owner)".
 * `exempt` are domains allowed to write anything (the demo seed, which fills every table as a
 * fixture does); `grants` the columns a domain keeps in another's table.
 */
export function foreignWrites(
  serverDir: string,
  allowed: { exempt?: readonly string[]; grants?: readonly ColumnGrant[] } = {},
): string[] {
  const owners = tableOwners(serverDir);
  const found: string[] = [];
  for (const file of sourceFiles(serverDir)) {
    const path = relative(serverDir, file);
    const [domain = ""] = path.split(sep);
    if (allowed.exempt?.includes(domain) || !path.includes(sep)) continue;
    const text = readFileSync(file, "utf8");
    for (const table of tablesWritten(text, owners)) {
      const owner = owners.byTable.get(table);
      if (owner === domain) continue;
      const grant = allowed.grants?.find((g) => g.domain === domain && g.table === table);
      if (grant && withinGrant(text, owners, grant)) continue;
      found.push(`${path.split(sep).join("/")} writes ${table} (${owner})`);
    }
  }
  return found;
}
