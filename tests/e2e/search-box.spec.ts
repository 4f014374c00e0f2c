import { expect, gotoHydrated, test } from "./fixtures";

// The header's search on a desktop screen: a popover under the search field.

test.describe("search box (desktop popover)", () => {
  test("Ctrl+K toggles it; suggestions come from the shop; Enter searches", async ({ page }) => {
    await gotoHydrated(page, "/about");
    const popover = page.getByRole("region", { name: "Search products" });
    await page.keyboard.press("Control+k");
    await expect(popover).toBeVisible();
    await page.keyboard.press("Control+k");
    await expect(popover).toBeHidden();

    await page.keyboard.press("Control+k");
    const input = popover.getByRole("combobox");
    await expect(input).toBeFocused();
    await page.keyboard.type("pen");
    await expect(popover.getByRole("option", { name: /Whitening Pen/ })).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=pen$/);
    await expect(popover).toBeHidden();
    await expect(page.getByText("2 products found for “pen”")).toBeVisible();

    // The text was cleared.
    await page.keyboard.press("Control+k");
    await expect(popover.getByRole("combobox")).toHaveValue("");
  });

  test("choosing a suggestion opens that product's page", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("banner").getByRole("button", { name: "Search products" }).click();
    const popover = page.getByRole("region", { name: "Search products" });
    await popover.getByRole("combobox").fill("tooth");
    await popover.getByRole("option", { name: /Whitening Toothpaste/ }).click();
    await expect(page).toHaveURL(/\/product\/prod2$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Whitening Toothpaste" }),
    ).toBeVisible();
    await expect(popover).toBeHidden();
  });

  test("a mistyped word still suggests the product it meant", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("banner").getByRole("button", { name: "Search products" }).click();
    const popover = page.getByRole("region", { name: "Search products" });
    await popover.getByRole("combobox").fill("tooothpaste");
    await expect(popover.getByRole("option", { name: /Whitening Toothpaste/ })).toBeVisible();
  });

  test("arrow keys reach the products, Enter opens the highlighted one", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.keyboard.press("Control+k");
    await page.keyboard.type("strips");
    const popover = page.getByRole("region", { name: "Search products" });
    await expect(popover.getByRole("option", { name: /^Whitening Strips/ })).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/product\/prod1$/);
  });

  test("'No results found.' when nothing matches; Escape and a click outside close it", async ({
    page,
  }) => {
    await gotoHydrated(page, "/");
    await page.keyboard.press("Control+k");
    const popover = page.getByRole("region", { name: "Search products" });
    await page.keyboard.type("zzzz");
    await expect(popover.getByText("No results found.")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(popover).toBeHidden();

    await page.keyboard.press("Control+k");
    await expect(popover).toBeVisible();
    await page.getByRole("heading", { level: 1 }).click();
    await expect(popover).toBeHidden();
  });
});
