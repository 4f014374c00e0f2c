import { signUpAndVerify, uniqueEmail } from "./account-fixtures";
import { expectBadge, expectToast } from "./cart-fixtures";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from "./fixtures";

// The wishlist: hearts on product cards and the product page, and its dashboard page with Move to
// Cart and Remove. Each test signs up its own customer, so runs in parallel never share a list.

test.describe("wishlist", () => {
  test("save with hearts, see the list, move one to the cart, remove the other", async ({
    page,
  }) => {
    await signUpAndVerify(page, uniqueEmail("wishlist"));

    await gotoHydrated(page, "/store");
    const toothpasteHeart = page.getByRole("button", {
      name: "Save to wishlist: Whitening Toothpaste",
    });
    await expect(toothpasteHeart).toHaveAttribute("aria-pressed", "false");
    await toothpasteHeart.click();
    await expectToast(
      page,
      "Saved to Wishlist",
      "Whitening Toothpaste has been saved to your wishlist.",
    );
    await expect(toothpasteHeart).toHaveAttribute("aria-pressed", "true");

    await gotoHydrated(page, "/product/prod3");
    const penHeart = page.getByRole("button", { name: "Save to wishlist: Whitening Pen" });
    await penHeart.click();
    await expect(penHeart).toHaveAttribute("aria-pressed", "true");
    // Saved on the server: still pressed after a reload.
    await page.reload();
    await expect(penHeart).toHaveAttribute("aria-pressed", "true");

    await gotoHydrated(page, "/dashboard");
    await expect(page.getByTestId("wishlist-count")).toHaveText("2");
    await page
      .getByRole("navigation", { name: "Account" })
      .getByRole("link", { name: "Wishlist" })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/wishlist$/);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Wishlist" })).toBeVisible();
    const saved = main.getByRole("article");
    // Newest saved first.
    await expect(saved).toHaveCount(2);
    await expect(saved.first()).toContainText("Whitening Pen");
    await expect(saved.nth(1)).toContainText("Whitening Toothpaste");
    await expect(saved.nth(1)).toContainText("£14.99");
    await expectNoSeriousA11yViolations(page);

    await main.getByRole("button", { name: "Move to Cart: Whitening Toothpaste" }).click();
    await expectToast(page, "Added to Cart!");
    await expectBadge(page, 1);
    await expect(saved).toHaveCount(1);

    await main.getByRole("button", { name: "Remove: Whitening Pen" }).click();
    await expectToast(page, "Removed from Wishlist");
    await expect(main.getByText("Your wishlist is empty.")).toBeVisible();
    await main.getByRole("link", { name: "Browse Products" }).click();
    await expect(page).toHaveURL(/\/store$/);
    await expect(toothpasteHeart).toHaveAttribute("aria-pressed", "false");
  });

  test("a guest's heart asks them to log in first and saves nothing", async ({ page }) => {
    await gotoHydrated(page, "/store");
    await page.getByRole("button", { name: "Save to wishlist: Whitening Strips" }).click();
    await expectToast(
      page,
      "Authentication Required",
      "Please log in to save products to your wishlist.",
    );
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fstore$/);
  });
});
