import { expect, gotoHydrated, test } from "./fixtures";

// Phone only (see playwright.config.ts): the side menu is the phone's navigation.
test.describe("mobile menu", () => {
  test("mobile menu opens and closes when a link is clicked", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    for (const name of ["Home", "About", "Store", "Blog", "Contact", "Login"]) {
      await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await menu.getByRole("link", { name: "Blog", exact: true }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/blog$/);

    // The menu marks the open page, and only that one.
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Blog", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(menu.locator("[aria-current]")).toHaveCount(1);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
  });
});
