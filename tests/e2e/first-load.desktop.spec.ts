import { join } from "node:path";
import {
  budgetProblem,
  firstLoadScripts,
  PRODUCT_PAGE_FIRST_LOAD_BUDGET,
  scriptSizes,
} from "../../scripts/first-load-js";
import { expect, test } from "./fixtures";

const clientDir = join(import.meta.dirname, "..", "..", "build", "client");

// Every page loads the product page's scripts or nearly: a library pulled into the shared chunk by
// one import (the validation library once was, through a constant) grows every first load.
test("the product page's first-load JavaScript stays within its budget", async ({ request }) => {
  const html = await (await request.get("/product/prod1")).text();
  const sizes = scriptSizes(clientDir, firstLoadScripts(html));
  expect(sizes.map((size) => size.path)).toContainEqual(expect.stringMatching(/\/framework-/));
  const total = sizes.reduce((sum, size) => sum + size.gzipBytes, 0);
  test.info().annotations.push({
    type: "first-load JavaScript",
    description: `${(total / 1024).toFixed(1)} kB gzipped (budget ${PRODUCT_PAGE_FIRST_LOAD_BUDGET / 1024} kB)`,
  });
  expect(budgetProblem(sizes, PRODUCT_PAGE_FIRST_LOAD_BUDGET)).toBeNull();
});

// The page paints before its scripts arrive: the module preloads React Router writes in the head are
// fetched at low priority (server/http/module-preloads.ts), after the stylesheet, font and image.
test("the page's module preloads are fetched at low priority", async ({ request }) => {
  const html = await (await request.get("/product/prod1")).text();
  const head = html.slice(0, html.indexOf("</head>"));
  const preloads = head.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
  expect(preloads.length).toBeGreaterThan(3);
  for (const preload of preloads) expect(preload).toContain('fetchpriority="low"');
  expect(head).toMatch(/<link rel="preload" as="image"[^>]*fetchPriority="high"/);
});
