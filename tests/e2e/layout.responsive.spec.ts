import { expect, gotoHydrated, isPhone, test } from "./fixtures";

// The shared layout at both sizes: the header (its links fold into a menu on a phone) and the
// announcement bar (one message at a time on a phone). The rest is layout.spec.ts.

test.describe("shared layout", () => {
  test("announcement bar carries the three messages", async ({ page }) => {
    await page.goto("/");
    const bar = page.getByRole("region", { name: "Announcements" });
    for (const message of [
      "Free shipping on orders over £50",
      "Enamel-Safe Dentist Recommended Formula",
      "Get 10% off your first order",
    ]) {
      await expect(bar.getByText(message).first()).toBeAttached();
    }
    // At least the first is visible on every screen size.
    await expect(
      bar.getByText("Free shipping on orders over £50").locator("visible=true").first(),
    ).toBeVisible();
  });

  test("header links, Login and a cart without a badge at zero", async ({ page }) => {
    await gotoHydrated(page, "/");
    const login = page.getByRole("banner").getByRole("link", { name: "Login" });
    await expect(login).toHaveAttribute("href", "/login");
    const cart = page.getByRole("button", { name: "Cart", exact: true });
    await expect(cart).toBeVisible();
    await expect(page.getByTestId("cart-count")).toBeHidden();

    if (isPhone(page)) {
      await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
      return;
    }
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const [name, href] of [
      ["Home", "/"],
      ["About", "/about"],
      ["Store", "/store"],
      ["Blog", "/blog"],
      ["Contact", "/contact"],
    ] as const) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(nav.locator('[aria-current="page"]')).toHaveText(["Home"]);
    await nav.getByRole("link", { name: "Store", exact: true }).click();
    await expect(page).toHaveURL(/\/store$/);
    await expect(page.getByRole("heading", { level: 1, name: "Our Collection" })).toBeVisible();
    // The open section is marked, on its pages below too.
    await expect(nav.locator('[aria-current="page"]')).toHaveText(["Store"]);
    await page.goto("/store/toothpaste");
    await expect(nav.locator('[aria-current="page"]')).toHaveText(["Store"]);
  });
});
