import { describe, expect, it } from "vitest";
import { adminCodeIn, budgetProblem, firstLoadScripts, firstLoadSplit } from "./first-load-js";

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

  // The probe: admin code merged into a storefront page's script is named, the shell is not.
  it("names the admin's code in a page's scripts, but not the shell the layout draws", () => {
    const chunks = {
      "/assets/root-a.js": ["app/root.tsx", "app/components/admin/admin-shell.tsx"],
      "/assets/shared-b.js": [
        "app/components/ui/button.tsx",
        "app/components/admin/page-fields.tsx",
        "node_modules/@tiptap/core/dist/index.js",
        "node_modules/prosemirror-view/dist/index.js",
      ],
      "/assets/dashboard.admin-pages-c.js": ["app/routes/dashboard.admin-pages.tsx"],
      "/assets/dashboard-d.js": ["app/routes/dashboard.tsx"],
    };
    expect(adminCodeIn(["/assets/root-a.js", "/assets/dashboard-d.js"], chunks)).toEqual([]);
    expect(adminCodeIn(Object.keys(chunks), chunks)).toEqual([
      "/assets/shared-b.js: app/components/admin/page-fields.tsx",
      "/assets/shared-b.js: node_modules/@tiptap/core/dist/index.js",
      "/assets/shared-b.js: node_modules/prosemirror-view/dist/index.js",
      "/assets/dashboard.admin-pages-c.js: app/routes/dashboard.admin-pages.tsx",
    ]);
  });
});
