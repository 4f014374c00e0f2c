import { expectBadge } from "./cart-fixtures";
import {
  expect,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  openListingChoices,
  test,
} from "./fixtures";

// The store and a product page on a phone (docs/storefront.md): the first products in view, two
// to a row, the listing's choices behind one button that counts those in use, and Add to Cart in
// reach once the page's own button has scrolled away.

const cards = (page: import("@playwright/test").Page) =>
  page.getByRole("main").getByRole("article");

test.describe("the store on a phone", () => {
  test("choices fold behind a button, and products come two to a row", async ({ page }) => {
    await gotoHydrated(page, "/store");
    const toggle = page.locator("summary", { hasText: "Sort and filter" });
    await expect(toggle).toBeVisible();
    await expect(page.getByLabel("Sort by")).toBeHidden();
    // The first row of products starts in the first screen, side by side.
    const [first, second] = [
      await cards(page).nth(0).boundingBox(),
      await cards(page).nth(1).boundingBox(),
    ];
    expect(first?.y ?? 9999).toBeLessThan(page.viewportSize()?.height ?? 844);
    expect(second?.y).toBe(first?.y);
    expect((second?.x ?? 0) > (first?.x ?? 0)).toBe(true);
    await expectNoSeriousA11yViolations(page);

    await openListingChoices(page);
    await page.getByLabel("In stock only").check();
    await expect(page).toHaveURL(/\/store\?stock=in$/);
    await expect(toggle).toContainText("1");
    await page.getByLabel("Sort by").selectOption("price-asc");
    await expect(page).toHaveURL(/\/store\?sort=price-asc&stock=in$/);
    await expect(toggle).toHaveText(/Sort and filter\s*2 in use/);
    await expectNoSeriousA11yViolations(page);

    // From 360 px two to a row; narrower, one, each card readable.
    for (const [width, perRow] of [
      [360, 2],
      [340, 1],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      const boxes = [
        await cards(page).nth(0).boundingBox(),
        await cards(page).nth(1).boundingBox(),
      ];
      expect(boxes[0]?.y === boxes[1]?.y ? 2 : 1, `${width} px`).toBe(perRow);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    }
  });

  test("Add to Cart stays in reach once the page's own button scrolls away", async ({ page }) => {
    await gotoHydrated(page, "/product/prod3");
    const bar = page.getByRole("region", { name: "Buy" });
    await expect(bar).toHaveCount(0);
    await page.getByRole("heading", { name: "Customer reviews" }).scrollIntoViewIfNeeded();
    await expect(bar).toBeVisible();
    await expect(bar).toContainText("Whitening Pen");
    await expect(bar).toContainText("£24.99");
    // In the viewport, along its bottom, and the chat bubble above it.
    const barBox = await bar.boundingBox();
    const viewport = page.viewportSize()?.height ?? 844;
    expect(Math.round((barBox?.y ?? 0) + (barBox?.height ?? 0))).toBe(viewport);
    const bubble = await page
      .getByRole("button", { name: "Chat with us on WhatsApp" })
      .boundingBox();
    expect((bubble?.y ?? 0) + (bubble?.height ?? 0)).toBeLessThanOrEqual(barBox?.y ?? 0);
    await expectNoSeriousA11yViolations(page);

    await bar.getByRole("button", { name: "Add to Cart" }).click();
    await expectBadge(page, 1);
    // Back up to the page's own button: the bar goes, so the page never has two.
    await page.getByRole("heading", { level: 1 }).scrollIntoViewIfNeeded();
    await expect(bar).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Add to Cart" })).toHaveCount(1);
  });
});
