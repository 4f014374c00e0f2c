import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "./module-preloads";

const rewrite = (html: string) => lowPriorityModulePreloads(Buffer.from(html)).toString();

describe("lowPriorityModulePreloads", () => {
  it("marks every module preload of the head low priority, and nothing else", () => {
    const head =
      '<head><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/e.js"/>' +
      '<link rel="modulepreload" href="/f.js"/><link rel="preload" as="image" href="/i.svg"/></head>';
    expect(rewrite(`<html>${head}<body><p>£5</p></body></html>`)).toBe(
      '<html><head><link rel="stylesheet" href="/a.css"/>' +
        '<link rel="modulepreload" fetchpriority="low" href="/e.js"/>' +
        '<link rel="modulepreload" fetchpriority="low" href="/f.js"/>' +
        '<link rel="preload" as="image" href="/i.svg"/></head><body><p>£5</p></body></html>',
    );
  });

  it("leaves the body alone, even text that looks like a preload", () => {
    const html = '<head></head><body><pre><link rel="modulepreload" href="/x.js"/></pre></body>';
    expect(rewrite(html)).toBe(html);
  });

  it("returns a document without a head or preloads as it is (the same buffer)", () => {
    const plain = Buffer.from("<p>no head</p>");
    expect(lowPriorityModulePreloads(plain)).toBe(plain);
    const none = Buffer.from("<head><title>x</title></head><body></body>");
    expect(lowPriorityModulePreloads(none)).toBe(none);
  });
});
