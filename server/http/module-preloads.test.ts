import { describe, expect, it } from "vitest";
import {
  documentWithScriptsAfterFirstPaint,
  importAfterFirstPaint,
  scriptsAfterFirstPaint,
} from "./module-preloads";

/** The document as sent: its parts one after the other. */
const rewrite = (html: string) => scriptsAfterFirstPaint(html).join("");

// React Router's markup, shortened: the head's preloads and the body's inline module script.
const head =
  '<head><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/e.js"/>' +
  '<link rel="modulepreload" href="/f.js"/><link rel="preload" as="image" href="/i.svg"/></head>';
const moduleScript =
  ';\nimport * as route0 from "/r0.js";\nimport * as route1 from "/r1.js";\n' +
  '  window.__reactRouterManifest = {};\n  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n\nimport("/e.js");';
const page = `<html>${head}<body><p>£5</p><script type="module" async="">${moduleScript}</script><script>done()</script></body></html>`;

describe("scriptsAfterFirstPaint", () => {
  it("takes the module preloads out of the head and leaves the rest of it", () => {
    const html = rewrite(page);
    expect(html).toContain(
      '<head><link rel="stylesheet" href="/a.css"/><link rel="preload" as="image" href="/i.svg"/></head><body><p>£5</p>',
    );
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html.endsWith("</script><script>done()</script></body></html>")).toBe(true);
  });

  it("imports the route modules only after the first paint, then goes on as React Router wrote", () => {
    const script = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(rewrite(page))?.[1];
    expect(script?.startsWith("await new Promise((painted) => {\n")).toBe(true);
    expect(script).toContain('getEntriesByName("first-contentful-paint")');
    expect(script?.slice(script.indexOf("\n});\n") + 5)).toBe(
      'for (const href of ["/e.js","/f.js"]) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));\n' +
        'const modules = await Promise.all([import("/r0.js"), import("/r1.js")]).catch(() => null);\n' +
        "if (modules) {\nconst [route0, route1] = modules;\n" +
        ';\n  window.__reactRouterManifest = {};\n  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n\nimport("/e.js");\n}',
    );
    // No static import is left to be fetched while the page is parsed.
    expect(script).not.toMatch(/^import /m);
  });

  it("imports the route manifest after the first paint too, after the route modules", () => {
    const withManifest = page.replace(
      ";\nimport * as route0",
      'import "/m.js";\nimport * as route0',
    );
    const script = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(
      rewrite(withManifest),
    )?.[1];
    expect(script).toContain(
      'const modules = await Promise.all([import("/r0.js"), import("/r1.js"), import("/m.js")]).catch(() => null);\n' +
        "if (modules) {\nconst [route0, route1] = modules;\n",
    );
    expect(script).not.toMatch(/^import /m);
  });

  it("rewrites the script as rendered with the page's nonce (uncached pages)", () => {
    const withNonce = page.replace('<script type="module"', '<script nonce="abc" type="module"');
    const html = rewrite(withNonce);
    expect(html).toContain('<script nonce="abc" type="module" async="">await new Promise(');
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toMatch(/^import \* as/m);
  });

  it("leaves a script of another shape, and a document without one, as they are", () => {
    expect(importAfterFirstPaint('import("/e.js");', ["/e.js"])).toBeNull();
    const other = `<html>${head}<body><script type="module">import x from "/x.js";</script></body></html>`;
    expect(rewrite(other)).toBe(other);
    const plain = "<p>no head</p>";
    expect(scriptsAfterFirstPaint(plain)).toEqual([plain]);
    const none = `<html>${head}<body></body></html>`;
    expect(scriptsAfterFirstPaint(none)).toEqual([none]);
  });

  it("does not read a module script written in the head or text that looks like one", () => {
    const inHead = `<html><head><script type="module">${moduleScript}</script></head><body></body></html>`;
    expect(rewrite(inHead)).toBe(inHead);
  });
});

describe("documentWithScriptsAfterFirstPaint", () => {
  it("rewrites the page's bytes as its text, every other character's bytes as they were", () => {
    const text = page.replace("£5", "£5 … © naïve 😀");
    const sent = documentWithScriptsAfterFirstPaint(Buffer.from(text, "utf8"));
    expect(sent.toString("utf8")).toBe(rewrite(text));
  });

  it("sends the rendered bytes themselves when there is nothing to rewrite", () => {
    const rendered = Buffer.from("<p>£5, no head</p>", "utf8");
    expect(documentWithScriptsAfterFirstPaint(rendered)).toBe(rendered);
  });
});
