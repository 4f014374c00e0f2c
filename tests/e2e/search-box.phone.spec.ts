import { expect, gotoHydrated, test } from "./fixtures";

// The header's search on a phone: a dialog.

test.describe("search box (phone dialog)", () => {
  test("opens as a dialog; Enter searches, clears the text and closes it", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("banner").getByRole("button", { name: "Search products" }).click();
    const dialog = page.getByRole("dialog", { name: "Search products" });
    await expect(dialog).toBeVisible();
    // The field takes the focus as the dialog opens: typing goes straight into it.
    await expect(dialog.getByRole("combobox")).toBeFocused();
    await page.keyboard.type("white");
    await expect(dialog.getByRole("combobox")).toHaveValue("white");
    await expect(dialog.getByRole("option", { name: /Whitening Strips/ })).toBeVisible();
    await dialog.getByRole("combobox").press("Enter");
    await expect(page).toHaveURL(/\/search\?q=white$/);
    await expect(dialog).toBeHidden();
    await page.getByRole("banner").getByRole("button", { name: "Search products" }).click();
    await expect(dialog.getByRole("combobox")).toHaveValue("");
  });

  test("choosing a suggestion opens the product; Cancel and Ctrl+K close it", async ({ page }) => {
    await gotoHydrated(page, "/store");
    const dialog = page.getByRole("dialog", { name: "Search products" });
    await page.keyboard.press("Control+k");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Control+k");
    await expect(dialog).toBeHidden();

    await page.getByRole("banner").getByRole("button", { name: "Search products" }).click();
    await dialog.getByRole("combobox").fill("zzzz");
    await expect(dialog.getByText("No results found.")).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole("banner").getByRole("button", { name: "Search products" }).click();
    await dialog.getByRole("combobox").fill("bundle");
    await dialog.getByRole("option", { name: /Complete Smile Bundle/ }).click();
    await expect(page).toHaveURL(/\/product\/prod4$/);
    await expect(dialog).toBeHidden();
  });
});
