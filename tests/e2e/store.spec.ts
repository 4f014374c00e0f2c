import { expect, gotoHydrated, test } from "./fixtures";

test.describe("store", () => {
  test("'Our Collection' lists every product from the database with its default price", async ({
    page,
  }) => {
    await gotoHydrated(page, "/store");
    await expect(page.getByRole("heading", { level: 1, name: "Our Collection" })).toBeVisible();
    const cards = page.getByRole("main").getByRole("article");
    await expect(cards).toHaveCount(4);
    const expected = [
      ["Whitening Strips", "£39.99"],
      ["Complete Smile Bundle", "£64.99"],
      ["Whitening Pen", "£24.99"],
      ["Whitening Toothpaste", "£14.99"],
    ];
    for (const [index, [name, price]] of expected.entries()) {
      await expect(cards.nth(index).getByRole("heading", { name })).toBeVisible();
      await expect(cards.nth(index)).toContainText(price ?? "");
      await expect(cards.nth(index).getByRole("button", { name: "Add to Cart" })).toBeVisible();
    }
    await cards.nth(3).getByRole("link", { name: "Whitening Toothpaste" }).click();
    await expect(page).toHaveURL(/\/product\/prod2$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Whitening Toothpaste" }),
    ).toBeVisible();
  });

  test("images keep their space while loading (no layout shift)", async ({ page }) => {
    await page.goto("/store");
    const sizes = await page
      .getByRole("main")
      .locator("img")
      .evaluateAll((images) =>
        images.map((img) => [img.getAttribute("width"), img.getAttribute("height")]),
      );
    expect(sizes.length).toBeGreaterThan(0);
    for (const [width, height] of sizes) {
      expect(Number(width)).toBeGreaterThan(0);
      expect(Number(height)).toBeGreaterThan(0);
    }
  });
});
