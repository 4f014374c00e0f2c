import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from "./fixtures";

/** The names of the products the page shows, in order. */
function shownNames(page: Page): Promise<string[]> {
  return page.getByRole("main").getByRole("article").getByRole("heading").allTextContents();
}

test.describe("search page", () => {
  test("shows the count and the matching products, name matches first", async ({ page }) => {
    const response = await page.goto("/search?q=white");
    expect(response?.status()).toBe(200);
    await expect(page.getByText("4 products found for “white”")).toBeVisible();
    await expect(page.getByText("No exact match for")).toHaveCount(0);
    const names = await shownNames(page);
    // The bundle matches only by its description.
    expect(names).toEqual([
      "Whitening Strips",
      "Whitening Pen",
      "Whitening Toothpaste",
      "Complete Smile Bundle",
    ]);
    await expect(page.getByRole("searchbox", { name: "Search products" })).toHaveValue("white");
  });

  test("a mistyped word finds what the word meant, name matches first", async ({ page }) => {
    await page.goto("/search?q=wihtening+pen");
    // The page says what it searched for instead.
    await expect(page.getByText("2 products found for “whitening pen”")).toBeVisible();
    await expect(page.getByText("No exact match for “wihtening pen”.")).toBeVisible();
    await expect(page.getByRole("searchbox", { name: "Search products" })).toHaveValue(
      "wihtening pen",
    );
    const names = await shownNames(page);
    // The bundle's description holds both words.
    expect(names).toEqual(["Whitening Pen", "Complete Smile Bundle"]);
  });

  test("a sale badge only where a variant has a former price, naming it; ratings only from buyers' reviews", async ({
    page,
  }) => {
    await page.goto("/search?q=whitening");
    const cards = page.getByRole("main").getByRole("article");
    // The pen's headline price (one pen) is not reduced: its badge names the option that is,
    // and no card claims a SALE its price does not have.
    await expect(cards.filter({ hasText: "Sale" })).toHaveCount(0);
    const pen = cards.filter({ hasText: "Save on Twin Pack" });
    await expect(pen).toHaveCount(1);
    await expect(pen.getByRole("heading")).toHaveText("Whitening Pen");
    // The reduced option (Twin Pack, £44.99, was £49.98) is shown with its former price.
    await expect(pen).toContainText("Twin Pack:");
    await expect(page.getByRole("main").locator("s")).toHaveCount(1);
    await expect(pen.locator("s")).toContainText("£49.98");
    // Every demo product has reviews by the demo shoppers: each card shows its rating, no other
    // (a product without reviews shows none: admin-catalogue.spec.ts).
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    for (let index = 0; index < count; index++) {
      const card = cards.nth(index);
      await expect(card.getByRole("img", { name: /^Rated \d(\.\d)? out of 5$/ })).toHaveCount(1);
      await expect(card.getByText(/^\(\d+ reviews?\)$/)).toHaveCount(1);
    }
  });

  test("no match: 'No Products Found' and a way back to the store", async ({ page }) => {
    await gotoHydrated(page, "/search?q=zzzz");
    await expect(page.getByRole("heading", { name: "No Products Found" })).toBeVisible();
    await page.getByRole("link", { name: "Browse All Products" }).click();
    await expect(page).toHaveURL(/\/store$/);
  });

  test("odd and long queries are handled, never an error", async ({ page }) => {
    for (const q of [
      "%",
      "_",
      "%_\\",
      "'; drop table products; --",
      "x".repeat(3000),
      "<script>",
    ]) {
      const response = await page.goto(`/search?q=${encodeURIComponent(q)}`);
      expect(response?.status(), q.slice(0, 20)).toBe(200);
      await expect(page.getByRole("heading", { name: "No Products Found" })).toBeVisible();
    }
  });

  test("searching again from the page's own field, and its accessibility", async ({ page }) => {
    await gotoHydrated(page, "/search?q=pen");
    await expect(page.getByText("2 products found for “pen”")).toBeVisible();
    const field = page.getByRole("searchbox", { name: "Search products" });
    await field.fill("gel");
    await field.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=gel$/);
    await expect(page.getByText("1 product found for “gel”")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
