import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  adminCodeIn,
  budgetProblem,
  CHUNK_MODULES_FILE,
  firstLoadScripts,
  firstLoadSplit,
  PRODUCT_PAGE_FIRST_LOAD_BUDGET,
  scriptSizes,
} from "../../scripts/first-load-js";
import { expect, gotoHydrated, test } from "./fixtures";

const buildDir = join(import.meta.dirname, "..", "..", "build");
const clientDir = join(buildDir, "client");

// The product page is where most shoppers land: a library pulled into the layout's or a shared
// chunk by one import (the validation library once was, through a constant) grows its first load.
test("the product page's first-load JavaScript stays within its budget", async ({ request }) => {
  const html = await (await request.get("/product/prod1")).text();
  const sizes = scriptSizes(clientDir, firstLoadScripts(html));
  expect(sizes.map((size) => size.path)).toContainEqual(expect.stringMatching(/\/framework-/));
  const total = sizes.reduce((sum, size) => sum + size.gzipBytes, 0);
  const { frameworkGzipBytes, shopGzipBytes } = firstLoadSplit(sizes);
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  test.info().annotations.push({
    type: "first-load JavaScript",
    description: `${kb(total)} kB gzipped (budget ${PRODUCT_PAGE_FIRST_LOAD_BUDGET / 1024} kB): the framework ${kb(frameworkGzipBytes)} kB, the shop's own code ${kb(shopGzipBytes)} kB`,
  });
  expect(budgetProblem(sizes, PRODUCT_PAGE_FIRST_LOAD_BUDGET)).toBeNull();
});

// Admin-only code (its screens, their components, the rich-text editor) joined a storefront
// chunk once, when the bundler merged small shared chunks (vite.config.ts): a shopper would pay
// for code only staff run. What each storefront page loads first holds none of it.
test("storefront pages load none of the admin's code first", async ({ request }) => {
  const chunkModules: Record<string, string[]> = JSON.parse(
    readFileSync(join(buildDir, CHUNK_MODULES_FILE), "utf8"),
  );
  for (const path of [
    "/",
    "/store",
    "/product/prod1",
    "/search?q=white",
    "/blog",
    "/blog/whitening-myths",
    "/faq",
    "/shipping-returns",
    "/login",
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const scripts = firstLoadScripts(await response.text());
    // The map knows the page's scripts: the layout's is among them.
    expect(
      scripts.flatMap((script) => chunkModules[script] ?? []),
      path,
    ).toContain("app/root.tsx");
    expect(adminCodeIn(scripts, chunkModules), path).toEqual([]);
  }
});

// Chromium spends 40-110 ms loading its number and date data the first time a page makes an Intl
// formatter (common/numbers.ts): the storefront's prices, counts and review dates are written
// without one, so a shopper's page never pays that while it starts.
test("storefront pages start without making an Intl formatter", async ({ page }) => {
  await page.addInitScript(() => {
    const made: string[] = [];
    (window as unknown as { intlMade: string[] }).intlMade = made;
    for (const name of ["NumberFormat", "DateTimeFormat", "PluralRules", "RelativeTimeFormat"]) {
      const intl = Intl as unknown as Record<string, new (...args: unknown[]) => unknown>;
      const Original = intl[name];
      if (!Original) continue;
      intl[name] = new Proxy(Original, {
        construct(target, args) {
          made.push(name);
          return Reflect.construct(target, args) as object;
        },
        apply(target, self, args) {
          made.push(name);
          return Reflect.apply(target, self, args);
        },
      });
    }
    for (const prototype of [Number.prototype, Date.prototype]) {
      const owner = prototype as unknown as Record<string, (...args: unknown[]) => string>;
      for (const method of ["toLocaleString", "toLocaleDateString", "toLocaleTimeString"]) {
        const original = owner[method];
        if (!original) continue;
        owner[method] = function (this: unknown, ...args: unknown[]) {
          made.push(method);
          return original.apply(this, args);
        };
      }
    }
  });
  for (const path of ["/", "/store", "/store/toothpaste", "/product/prod1", "/search?q=pen"]) {
    await gotoHydrated(page, path);
    const made = await page.evaluate(() => (window as unknown as { intlMade: string[] }).intlMade);
    expect(made, path).toEqual([]);
  }
});

// Every route is known to the browser from the start (decision record 026): browsing asks the
// server for no piece of the route manifest, before or after a navigation, and the page's HTML
// carries none.
test("browsing asks for no route manifest", async ({ page, request }) => {
  const manifestRequests: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/__manifest")) {
      manifestRequests.push(request.url());
    }
  });
  expect(await (await request.get("/store")).text()).not.toContain("window.__reactRouterManifest");
  await gotoHydrated(page, "/store");
  await page.locator("main a[href^='/product/']").first().click();
  await expect(page).toHaveURL(/\/product\//);
  await expect(page.getByRole("button", { name: "Increase quantity" })).toBeVisible();
  await page.getByRole("link", { name: "Store", exact: true }).first().click();
  await expect(page).toHaveURL(/\/store$/);
  await page.waitForLoadState("networkidle");
  expect(manifestRequests).toEqual([]);
});
