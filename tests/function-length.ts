import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

// No function over 100 lines (docs/architecture.md#layout, rule 11), counted from the syntax
// tree as the function is written: every line from its first to its last that is not blank, its
// JSX, templates and inner functions included (Biome's counter read a 185-line component as 66).
// Tests and declaration files aside, as for the length of a file.

export const MAX_FUNCTION_LINES = 100;

export type LongFunction = { path: string; name: string; lines: number };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      return name === "node_modules" || name === "+types" ? [] : sourceFiles(path);
    }
    if (!/\.tsx?$/.test(name) || /\.test\.tsx?$/.test(name) || name.endsWith(".d.ts")) return [];
    return [path];
  });
}

/** What the reader calls a function: its own name, its variable's or property's, else "(anonymous)". */
function nameOf(node: ts.Node): string {
  const named = (node as { name?: ts.Node }).name;
  if (named && (ts.isIdentifier(named) || ts.isStringLiteral(named))) return named.text;
  if (ts.isConstructorDeclaration(node)) return "constructor";
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) {
    return parent.name.text;
  }
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) {
    return parent.name.text;
  }
  if (parent && ts.isExportAssignment(parent)) return "default";
  return "(anonymous)";
}

const isFunction = (node: ts.Node) =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node);

/** The functions of one file's text longer than `max` lines as written. */
export function longFunctionsIn(path: string, text: string, max = MAX_FUNCTION_LINES) {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const lines = text.split("\n");
  const found: LongFunction[] = [];
  const visit = (node: ts.Node) => {
    if (isFunction(node)) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const written = lines.slice(first, last + 1).filter((line) => line.trim() !== "").length;
      if (written > max) found.push({ path, name: nameOf(node), lines: written });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The source functions under `roots` longer than `max` lines, by path relative to `base`. */
export function longFunctions(
  base: string,
  roots: readonly string[],
  max = MAX_FUNCTION_LINES,
): LongFunction[] {
  return roots
    .flatMap((root) => sourceFiles(join(base, root)))
    .flatMap((path) => longFunctionsIn(relative(base, path), readFileSync(path, "utf8"), max));
}

const key = (found: LongFunction) => `${found.path} ${found.name}`;

/** What differs between the functions found and the list of known ones: each a sentence. */
export function lengthProblems(found: readonly LongFunction[], known: readonly LongFunction[]) {
  const knownBy = new Map(known.map((each) => [key(each), each]));
  const foundKeys = new Set(found.map(key));
  return [
    ...found.flatMap((each) => {
      const listed = knownBy.get(key(each));
      if (!listed) return [`${key(each)} is ${each.lines} lines: split it`];
      return each.lines > listed.lines
        ? [`${key(each)} grew from ${listed.lines} to ${each.lines} lines: split it`]
        : [];
    }),
    ...known
      .filter((each) => !foundKeys.has(key(each)))
      .map(
        (each) =>
          `${key(each)} is no longer over ${MAX_FUNCTION_LINES} lines: take it off the list`,
      ),
  ];
}
