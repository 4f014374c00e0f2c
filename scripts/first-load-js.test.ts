import { describe, expect, it } from "vitest";
import { budgetProblem, firstLoadScripts, firstLoadSplit } from "./first-load-js";

const html = `<head>
<link rel="modulepreload" href="/assets/entry.client-a.js" nonce="n"/>
<link rel="modulepreload" fetchpriority="low" href="/assets/framework-b.js"/>
<link rel="stylesheet" href="/assets/root-c.css"/>
</head><body>
<script nonce="n" type="module" async="">
import "/assets/manifest-m.js";
import * as route0 from "/assets/root-d.js";
import("/assets/entry.client-a.js");
</script></body>`;

describe("first-load JavaScript", () => {
  it("lists the scripts a page preloads and imports, once each, and no stylesheet", () => {
    expect(firstLoadScripts(html)).toEqual([
      "/assets/entry.client-a.js",
      "/assets/framework-b.js",
      "/assets/manifest-m.js",
      "/assets/root-d.js",
    ]);
  });

  // The probe: the budget check fires when the page grows past it.
  it("reports a page over its budget, naming the largest scripts", () => {
    const sizes = [
      { path: "/assets/framework-b.js", gzipBytes: 110 * 1024 },
      { path: "/assets/shared-e.js", gzipBytes: 45 * 1024 },
    ];
    expect(budgetProblem(sizes, 146 * 1024)).toBe(
      "first-load JavaScript is 155.0 kB gzipped, over the budget of 146.0 kB (largest: /assets/framework-b.js 110.0 kB, /assets/shared-e.js 45.0 kB)",
    );
    expect(budgetProblem(sizes.slice(0, 1), 146 * 1024)).toBeNull();
  });

  it("reports the framework's share and the shop's own code apart", () => {
    expect(
      firstLoadSplit([
        { path: "/assets/framework-b.js", gzipBytes: 100 },
        { path: "/assets/shared-e.js", gzipBytes: 30 },
        { path: "/assets/root-d.js", gzipBytes: 8 },
      ]),
    ).toEqual({ frameworkGzipBytes: 100, shopGzipBytes: 38 });
  });
});
