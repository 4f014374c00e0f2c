// The page's scripts are fetched after its first paint (decision records 018 and 022). Every page
// is complete as the server renders it; its JavaScript only makes it interactive. React Router
// writes a `<link rel="modulepreload">` in the head for each module a page needs, and an inline
// module script at the end of the body that imports the route modules and then the client entry.
// Browsers fetch all of that at once with the stylesheet, the font and the main image: on a slow
// phone connection it shares their bandwidth, on a slow CPU its evaluation delays the first frame,
// and Lighthouse's simulation puts the largest paint after every script for that reason.
//
// So the document is rewritten as it leaves the renderer:
// - the head's module preloads are taken out;
// - the inline module script first waits for the first contentful paint, then adds the same
//   preloads, imports the route manifest and the route modules with `import()` and goes on as
//   React Router wrote it.
// React Router renders that markup without a way to change it, hence the rewrite: the one place the
// shop changes the framework's output (decision record 036, which says what it is worth: Lighthouse
// mobile 96-98 without it, 100 with it). If its markup changes, the document is left as rendered
// (scripts fetched at once, still correct), and the contract test notices: the end-to-end test
// "the page's scripts are fetched after its first paint" (tests/e2e/first-load.spec.ts),
// which reads the page React Router really renders.

const PRELOAD_LINK = /<link rel="modulepreload"[^>]*? href="([^"]+)"[^>]*>/g;
const HEAD_END = "</head>";
const SCRIPT_START = "<script";
const MODULE_TYPE = ' type="module"';
const SCRIPT_END = "</script>";
/** React Router's static imports of the route modules, `import * as route0 from "/assets/….js";`. */
const ROUTE_IMPORT = /^import \* as (route\d+) from ("[^"\\]+");\n/gm;
/** Its import of the route manifest (every route, decision record 026), `import "/assets/….js";`. */
const MANIFEST_IMPORT = /^import ("[^"\\]+");\n/m;

/**
 * Waits for the first contentful paint as the browser reports it (a frame is drawn some time after
 * it is made: waiting for an animation frame alone started the scripts 30 ms before it), with a
 * second frame where paint timing is unknown and a second's grace once frames are drawn; a hidden
 * tab, which draws nothing, goes on at once. Then preloads `hrefs` (JSON array text) as the head did.
 */
function afterFirstPaint(hrefs: string): string {
  return (
    "await new Promise((painted) => {\n" +
    "  if (document.hidden) return painted();\n" +
    "  requestAnimationFrame(() => setTimeout(painted, 1000));\n" +
    '  if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) return requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(painted)));\n' +
    '  new PerformanceObserver((entries, observer) => { if (entries.getEntriesByName("first-contentful-paint").length > 0) { observer.disconnect(); painted(); } }).observe({ type: "paint", buffered: true });\n' +
    "});\n" +
    `for (const href of ${hrefs}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));\n`
  );
}

/**
 * The inline module script's text rewritten to import its route modules after the first paint,
 * or null when it is not the shape React Router writes.
 */
export function importAfterFirstPaint(script: string, preloads: readonly string[]): string | null {
  const names: string[] = [];
  const sources: string[] = [];
  const manifest = MANIFEST_IMPORT.exec(script)?.[1];
  const rest = script
    .replace(MANIFEST_IMPORT, "")
    .replace(ROUTE_IMPORT, (_line, name: string, source: string) => {
      names.push(name);
      sources.push(source);
      return "";
    });
  if (names.length === 0 || !rest.includes("window.__reactRouterRouteModules")) return null;
  // The manifest last: the route modules are named by their place in the list. A module that
  // fails to load leaves the page as rendered, quietly, as a failed static import did (the
  // browser reports the failed request itself).
  const imports = manifest === undefined ? sources : [...sources, manifest];
  return (
    afterFirstPaint(JSON.stringify(preloads)) +
    `const modules = await Promise.all([${imports.map((source) => `import(${source})`).join(", ")}]).catch(() => null);\n` +
    `if (modules) {\nconst [${names.join(", ")}] = modules;\n${rest}\n}`
  );
}

/**
 * `html` with its scripts fetched after its first paint, as the parts to send one after the other
 * (documentWithScriptsAfterFirstPaint); `[html]` when not rendered as expected. Parts, not one
 * string: the parts are views of `html`, copied once more only as they are turned into bytes.
 */
export function scriptsAfterFirstPaint(html: string): string[] {
  const headEnd = html.indexOf(HEAD_END);
  if (headEnd === -1) return [html];
  // React Router's last script, `<script type="module" async="">` or, with the page's nonce,
  // `<script nonce="…" type="module" async="">`.
  const typeAt = html.lastIndexOf(MODULE_TYPE);
  const scriptStart = html.lastIndexOf(SCRIPT_START, typeAt);
  const textStart = html.indexOf(">", scriptStart) + 1;
  if (typeAt < headEnd || scriptStart < headEnd || textStart <= typeAt) return [html];
  const textEnd = html.indexOf(SCRIPT_END, textStart);
  if (textEnd === -1) return [html];

  const head = html.slice(0, headEnd);
  const preloads = [...head.matchAll(PRELOAD_LINK)].map((match) => match[1] as string);
  const script = importAfterFirstPaint(html.slice(textStart, textEnd), preloads);
  if (script === null) return [html];
  return [
    head.replace(PRELOAD_LINK, ""),
    html.slice(headEnd, textStart),
    script,
    html.slice(textEnd),
  ];
}

/**
 * The rendered document's bytes with its scripts fetched after its first paint, or the same
 * bytes when not rendered as expected. The bytes are read and written one byte per character
 * (latin1), never decoded as UTF-8: what is rewritten is ASCII (tags, asset paths), a multi-byte
 * character's bytes pass through as they are, and decoding a page holding a single "£" as UTF-8
 * makes V8 build a two-byte string of all of it, dearer than the rest of this rewrite.
 */
export function documentWithScriptsAfterFirstPaint(
  rendered: Buffer<ArrayBuffer>,
): Buffer<ArrayBuffer> {
  const parts = scriptsAfterFirstPaint(rendered.toString("latin1"));
  if (parts.length === 1) return rendered;
  const bytes = Buffer.allocUnsafe(parts.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of parts) offset += bytes.write(part, offset, "latin1");
  return bytes;
}
