import { logInAs } from "./account-fixtures";
import { bundle, openCart, storeCart, toothpaste } from "./cart-fixtures";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, isPhone, test } from "./fixtures";
import { accountScreens, storefrontScreens } from "./screens";

// The walk of every screen, on the desktop and on a phone: each page hydrated as the server
// rendered it (a console error fails the test: ./fixtures.ts) with no serious or critical axe
// violation. The admin's screens are walked from its menu in admin.responsive.spec.ts.

test.describe("accessibility (axe-core)", () => {
  for (const path of storefrontScreens) {
    test(`${path} has no serious or critical violation`, async ({ page }) => {
      await gotoHydrated(page, path);
      await expectNoSeriousA11yViolations(page);
    });
  }

  test("every page of a customer's account has none either", async ({ page }) => {
    // Seven pages, each checked by axe.
    test.setTimeout(60_000);
    await logInAs(page, "customer@example.com", "customer-password-1");
    for (const path of accountScreens) {
      await test.step(path, async () => {
        await gotoHydrated(page, path);
        await expectNoSeriousA11yViolations(page);
      });
    }
  });
});

test.describe("accessibility of the cart and the search box (axe-core)", () => {
  test("the open cart drawer with lines", async ({ page }) => {
    await storeCart(page, [toothpaste, bundle]);
    await gotoHydrated(page, "/store");
    const drawer = await openCart(page);
    await expect(drawer.getByTestId("cart-line")).toHaveCount(2);
    await expectNoSeriousA11yViolations(page);
  });

  test("the open search box with suggestions and with none", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("banner").getByRole("button", { name: "Search products" }).click();
    const box = page.getByRole(isPhone(page) ? "dialog" : "region", { name: "Search products" });
    await box.getByRole("combobox").fill("white");
    await expect(box.getByRole("option", { name: /Whitening Pen/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await box.getByRole("combobox").fill("zzzz");
    await expect(box.getByText("No results found.")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("focus you can see", () => {
  // The ring is there the moment a control takes focus, in the brand's teal, two pixels wide with
  // a gap: read at once, not after a transition (a ring fading in from the button's white text
  // is unseen on a white card while it fades).
  test("a teal button's focus ring shows at once, teal on white", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await gotoHydrated(page, "/store");
    const button = page.getByRole("button", { name: "Add to Cart: Whitening Pen" });
    await button.focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    const ring = await button.evaluate((element) => {
      const style = getComputedStyle(element);
      return {
        focused: document.activeElement === element,
        color: style.outlineColor,
        width: style.outlineWidth,
        style: style.outlineStyle,
        offset: style.outlineOffset,
      };
    });
    expect(ring).toEqual({
      focused: true,
      color: "rgb(15, 118, 110)",
      width: "2px",
      style: "solid",
      offset: "2px",
    });
  });
});
