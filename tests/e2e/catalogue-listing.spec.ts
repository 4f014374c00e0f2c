import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { type BuiltServer, startBuiltServer } from "../../scripts/built-server";
import {
  expect,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  openListingChoices,
  test,
} from "./fixtures";

// The store's listing with more than a page of products: its own shop, seeded with the
// demo catalogue and 116 generated products (`npm run seed -- --products 116`), 120 in all, so
// there are five pages of 24. The choices folded on a phone are phone-store.phone.spec.ts.

const PRODUCTS = 120;
let server: BuiltServer | undefined;
let dataDir = "";

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(join(tmpdir(), "gleam-listing-"));
  const seeded = spawnSync(
    process.execPath,
    ["--import", "tsx", "scripts/seed.ts", "--products", String(PRODUCTS - 4)],
    { env: { ...process.env, DATA_DIR: dataDir, SHOP_MODE: "demo" }, encoding: "utf8" },
  );
  if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}${seeded.stdout}`);
  server = await startBuiltServer({
    DATA_DIR: dataDir,
    SHOP_MODE: "demo",
    DEMO_ORDERS: "0",
    LOG_LEVEL: "warn",
  });
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const url = (path: string) => `${server?.url ?? ""}${path}`;
const cards = (page: Page) => page.getByRole("main").getByRole("article");

type ApiPage = {
  total: number;
  products: Array<{ name: string; variants: Array<{ pricePence: number; stockQuantity: number }> }>;
};

/** The catalogue API's answer for the same choices (the page must show the same products). */
async function apiPage(page: Page, query: string): Promise<ApiPage> {
  return (await page.request.get(url(`/api/products?limit=24&${query}`))).json();
}

/** The default variant's prices of an API page, in order. */
const defaultPrices = (answer: ApiPage) =>
  answer.products.map((product) => product.variants[0]?.pricePence ?? 0);

async function expectCardsOf(page: Page, answer: ApiPage) {
  await expect(cards(page).getByRole("heading")).toHaveText(
    answer.products.map((product) => product.name),
  );
}

/** Records layout shifts (not caused by input) from now on; returns their total. */
async function watchLayoutShift(page: Page) {
  await page.evaluate(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; hadRecentInput: boolean }
      >) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: "layout-shift" });
  });
  return () =>
    page.evaluate(() =>
      (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0),
    );
}

test.describe("the store's listing at scale", () => {
  test("24 a page, numbered pages with Previous and Next, no layout shift as a page loads", async ({
    page,
  }) => {
    await gotoHydrated(page, url("/store"));
    await expect(page.getByText(`${PRODUCTS} products`, { exact: true })).toBeVisible();
    await expect(cards(page)).toHaveCount(24);
    const pages = page.getByRole("navigation", { name: "Pages of products" });
    await expect(pages.getByRole("link", { name: "Page 5" })).toBeVisible();
    await expect(pages.getByRole("link", { name: "Previous" })).toHaveCount(0);
    const firstPage = await cards(page).getByRole("heading").allTextContents();

    const shift = await watchLayoutShift(page);
    await pages.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/store\?page=2$/);
    await expect(pages.getByRole("link", { name: "Page 2" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(cards(page)).toHaveCount(24);
    const secondPage = await cards(page).getByRole("heading").allTextContents();
    expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);
    expect(await shift()).toBeLessThan(0.01);

    await pages.getByRole("link", { name: "Page 5" }).click();
    await expect(page).toHaveURL(/\/store\?page=5$/);
    await expect(cards(page)).toHaveCount(PRODUCTS - 4 * 24);
    await expect(pages.getByRole("link", { name: "Next" })).toHaveCount(0);
    await expect(page.locator('link[rel="prev"]')).toHaveAttribute("href", /\/store\?page=4$/);
  });

  test("sort, price range and in stock only land in the URL and shape the list", async ({
    page,
  }) => {
    await gotoHydrated(page, url("/store?page=2"));
    await openListingChoices(page);
    await page.getByLabel("Sort by").selectOption("price-asc");
    // A change of sort applies at once and starts again at page 1.
    await expect(page).toHaveURL(/\/store\?sort=price-asc$/);
    const rising = await apiPage(page, "sort=price-asc");
    expect(defaultPrices(rising)).toEqual([...defaultPrices(rising)].sort((a, b) => a - b));
    await expectCardsOf(page, rising);

    await page.getByLabel("Lowest price in pounds").fill("10");
    await page.getByLabel("Highest price in pounds").fill("30");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\/store\?sort=price-asc&min=10&max=30$/);
    const band = await apiPage(page, "sort=price-asc&minPrice=1000&maxPrice=3000");
    expect(band.products.length).toBeGreaterThan(0);
    expect(defaultPrices(band).every((price) => price >= 1000 && price <= 3000)).toBe(true);
    await expectCardsOf(page, band);
    const bandCount = Number(
      (await page.getByText(/^\d+ products?$/).textContent())?.split(" ")[0],
    );

    await page.getByLabel("In stock only").check();
    await expect(page).toHaveURL(/\/store\?sort=price-asc&min=10&max=30&stock=in$/);
    const inStockCount = Number(
      (await page.getByText(/^\d+ products?$/).textContent())?.split(" ")[0],
    );
    expect(inStockCount).toBeLessThanOrEqual(bandCount);
    // Products with a variant in stock (a card offers the default variant, which may itself be
    // sold out).
    const inStock = await apiPage(page, "sort=price-asc&minPrice=1000&maxPrice=3000&inStock=true");
    expect(inStock.total).toBe(inStockCount);
    await expectCardsOf(page, inStock);
    for (const product of inStock.products) {
      expect(product.variants.some((variant) => variant.stockQuantity > 0)).toBe(true);
    }

    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/store$/);
    await expect(page.getByText(`${PRODUCTS} products`, { exact: true })).toBeVisible();
  });

  test("a category's own page: title, breadcrumb, canonical URL and structured data", async ({
    page,
  }) => {
    await gotoHydrated(page, url("/store"));
    await page
      .getByRole("navigation", { name: "Categories" })
      .getByRole("link", { name: "Toothpaste" })
      .click();
    await expect(page).toHaveURL(/\/store\/toothpaste$/);
    await expect(page.getByRole("heading", { level: 1, name: "Toothpaste" })).toBeVisible();
    await expect(page).toHaveTitle(/^Toothpaste \| /);
    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(breadcrumb).toContainText("Home/Shop/Toothpaste");
    await expect(
      page
        .getByRole("navigation", { name: "Categories" })
        .getByRole("link", { name: "Toothpaste" }),
    ).toHaveAttribute("aria-current", "page");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      /\/store\/toothpaste$/,
    );
    const structured = await page.locator('script[type="application/ld+json"]').allTextContents();
    const breadcrumbs = structured
      .map((text) => JSON.parse(text))
      .find((data) => data["@type"] === "BreadcrumbList");
    expect(breadcrumbs?.itemListElement.map((item: { name: string }) => item.name)).toEqual([
      "Home",
      "Shop",
      "Toothpaste",
    ]);
    // Every card on it is a toothpaste product.
    const count = await cards(page).count();
    expect(count).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page);

    const missing = await page.goto(url("/store/no-such-category"));
    expect(missing?.status()).toBe(404);
    await expect(page.getByText("Category not found.")).toBeVisible();
  });

  test("the sitemap lists the categories", async ({ request }) => {
    const sitemap = await (await request.get(url("/sitemap.xml"))).text();
    for (const slug of ["whitening-strips", "toothpaste", "pens", "bundles"]) {
      expect(sitemap).toContain(`/store/${slug}</loc>`);
    }
  });
});

test.describe("the admin's product list at scale", () => {
  test("50 a page with numbered pages, searchable by name", async ({ page }) => {
    await gotoHydrated(page, url("/login"));
    const panel = page.getByRole("tabpanel");
    await panel.getByLabel("Email").fill("admin@example.com");
    await panel.getByLabel("Password").fill("admin-password-1");
    await panel.getByRole("button", { name: "Log In" }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
    await gotoHydrated(page, url("/dashboard/admin-products"));
    await expect(
      page.getByText(`Newest first, archived ones too: ${PRODUCTS} products.`),
    ).toBeVisible();
    const rows = page.getByRole("region", { name: "Products" }).getByRole("row");
    await expect(rows).toHaveCount(50 + 1);
    const pages = page.getByRole("navigation", { name: "Pages of products" });
    await pages.getByRole("link", { name: "Page 3" }).click();
    await expect(page).toHaveURL(/\/dashboard\/admin-products\?page=3$/);
    await expect(rows).toHaveCount(PRODUCTS - 100 + 1);
    await page.getByRole("searchbox", { name: "Product name" }).fill("Whitening Pen");
    await page
      .getByRole("search", { name: "Search products" })
      .getByRole("button", { name: "Search" })
      .click();
    await expect(page).toHaveURL(/\?q=Whitening\+Pen$/);
    await expect(page.getByText(/named like “Whitening Pen”\.$/)).toBeVisible();
    const names = await page
      .getByRole("region", { name: "Products" })
      .getByRole("link")
      .allTextContents();
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((name) => name.includes("Whitening Pen"))).toBe(true);
  });
});

test.describe("the store's listing without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form and the pages work as plain links and a GET form", async ({ page }) => {
    await page.goto(url("/store"));
    await openListingChoices(page);
    await page.getByLabel("Sort by").selectOption("price-desc");
    await page.getByLabel("In stock only").check();
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\/store\?sort=price-desc&stock=in$/);
    const falling = await apiPage(page, "sort=price-desc&inStock=true");
    expect(defaultPrices(falling)).toEqual([...defaultPrices(falling)].sort((a, b) => b - a));
    await expectCardsOf(page, falling);
    await page.getByRole("navigation", { name: "Pages of products" }).getByText("Next").click();
    await expect(page).toHaveURL(/\/store\?sort=price-desc&stock=in&page=2$/);
    await expect(cards(page)).toHaveCount(24);
  });
});
