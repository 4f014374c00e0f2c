import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";

// Checks that docs/architecture.md is a true map (tests/docs-map.test.ts): citations of the docs
// name a heading that exists, by its anchor, never a section number; the map names every table,
// every server domain and every runtime library, and no library the project does not have.

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** The anchors of a Markdown file's headings. */
function anchorsIn(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const match of markdown.matchAll(/^#{1,6} (.+)$/gm)) anchors.add(anchorOf(match[1] ?? ""));
  return anchors;
}

/**
 * Citations of a document's section in `text` (a file of the project at `path`, relative to
 * `root`) that do not hold: an anchor no heading of the cited file has, a cited file that does
 * not exist, or a section cited by its number ("architecture.md §6"), which drifts when a section
 * is added.
 */
export function brokenCitations(root: string, path: string, text: string): string[] {
  const problems: string[] = [];
  const lineOf = (index: number) => text.slice(0, index).split("\n").length;
  for (const match of text.matchAll(/([\w./-]*[\w-]+\.md)#([\p{L}\p{N}_-]+)/gu)) {
    const [, cited = "", anchor = ""] = match;
    const beside = join(dirname(join(root, path)), cited);
    const file = existsSync(beside) ? beside : join(root, cited);
    const where = `${path}:${lineOf(match.index ?? 0)}`;
    if (!existsSync(file)) {
      problems.push(`${where}: ${cited} does not exist`);
    } else if (!anchorsIn(readFileSync(file, "utf8")).has(anchor)) {
      problems.push(`${where}: ${relative(root, file)} has no heading #${anchor}`);
    }
  }
  for (const match of text.matchAll(/[\w-]+\.md,? §\s?\d+/g)) {
    problems.push(
      `${path}:${lineOf(match.index ?? 0)}: "${match[0]}" cites a section by its number: cite its heading's anchor`,
    );
  }
  return problems;
}

/**
 * The libraries a reader of docs/architecture.md meets, by the name it uses, with the packages
 * that are that library. A runtime dependency missing here fails the test: add it, and say in the
 * map what it does.
 */
const LIBRARIES: Record<string, string[]> = {
  React: ["react", "react-dom", "react-is"],
  "React Router": ["react-router", "@react-router/dev"],
  Hono: ["hono"],
  "@hono/node-server": ["@hono/node-server"],
  "lru-cache": ["lru-cache"],
  Vite: ["vite"],
  "Tailwind CSS": ["tailwindcss", "@tailwindcss/vite"],
  Radix: ["@radix-ui/"],
  "class-variance-authority": ["class-variance-authority"],
  clsx: ["clsx"],
  Fontsource: ["@fontsource-variable/inter", "@fontsource/inter"],
  PGlite: ["@electric-sql/pglite"],
  "Drizzle ORM": ["drizzle-orm"],
  "drizzle-kit": ["drizzle-kit"],
  "`pg`": ["pg"],
  "better-auth": ["better-auth"],
  Zod: ["zod"],
  momoa: ["@humanwhocodes/momoa"],
  Stripe: ["stripe", "@stripe/stripe-js", "@stripe/react-stripe-js"],
  nodemailer: ["nodemailer"],
  pino: ["pino"],
  "prom-client": ["prom-client"],
  sonner: ["sonner"],
  cmdk: ["cmdk"],
  TipTap: [
    "@tiptap/core",
    "@tiptap/extension-image",
    "@tiptap/pm",
    "@tiptap/react",
    "@tiptap/starter-kit",
  ],
  Recharts: ["recharts"],
  sharp: ["sharp"],
  "csv-parse": ["csv-parse"],
  PDFKit: ["pdfkit"],
  "sanitize-html": ["sanitize-html"],
  "date-holidays": ["date-holidays"],
  postcode: ["postcode"],
  "zxcvbn-ts": ["@zxcvbn-ts/language-common"],
  Vitest: ["vitest"],
  Playwright: ["@playwright/test"],
  "axe-core": ["@axe-core/playwright"],
  Lighthouse: ["lighthouse"],
  autocannon: ["autocannon"],
  Biome: ["@biomejs/biome"],
  knip: ["knip"],
};

type Manifest = { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };

const named = (doc: string, name: string) =>
  new RegExp(`(^|[^\\w@/-])${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\w-])`).test(doc);

/**
 * What the map says of the libraries that is not so: a library it names that package.json lacks,
 * and a runtime dependency it does not name.
 */
export function libraryProblems(doc: string, manifest: Manifest): string[] {
  const installed = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
  const has = (pkg: string) =>
    pkg.endsWith("/") ? installed.some((name) => name.startsWith(pkg)) : installed.includes(pkg);
  const problems: string[] = [];
  for (const [name, packages] of Object.entries(LIBRARIES)) {
    if (named(doc, name) && !packages.some(has)) {
      problems.push(
        `the map names ${name}, which package.json does not have (${packages.join(", ")})`,
      );
    }
  }
  for (const dependency of Object.keys(manifest.dependencies ?? {})) {
    const entry = Object.entries(LIBRARIES).find(([, packages]) => packages.includes(dependency));
    if (!entry) problems.push(`${dependency} is a dependency the map's list of libraries lacks`);
    else if (!named(doc, entry[0]))
      problems.push(`the map does not name ${entry[0]} (${dependency})`);
  }
  return problems;
}

/** Tables, given by name, that the map does not name (as `name`). */
export function unnamedTables(doc: string, tables: readonly string[]): string[] {
  return tables.filter((table) => !doc.includes(`\`${table}\``));
}

/** Job kinds, given by name, that have no row of their own in the map's table of jobs. */
export function unlistedJobKinds(doc: string, kinds: readonly string[]): string[] {
  return kinds.filter((kind) => !new RegExp(`^\\| \`${kind}\` \\|`, "m").test(doc));
}

/** Domain folders, given by name, that the map's table of domains does not describe. */
export function undescribedDomains(doc: string, domains: readonly string[]): string[] {
  return domains.filter((domain) => !new RegExp(`^\\|[^\\n]*\`${domain}/\``, "m").test(doc));
}
