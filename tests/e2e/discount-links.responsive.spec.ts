import { openCart, storeCart, toothpaste } from "./cart-fixtures";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, pageSettled, test } from "./fixtures";

// A discount link (docs/storefront.md#discount-links): `/discount/<CODE>` keeps the code with the
// cart, says so in a toast and goes on to the link's page; an unknown code says why and keeps
// nothing. SMILE15 is one of the demo shop's codes (15% off, once per customer).

const CODE_KEY = "gleam.discount-code";

test("a link keeps its code with the cart, says so and lands on the product it names", async ({
  page,
}) => {
  await storeCart(page, [toothpaste]);
  await page.goto("/discount/smile15?redirect=/product/prod2");
  await expect(page).toHaveURL(/\/product\/prod2$/);
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Discount code saved" });
  await expect(toast).toContainText(
    "Code SMILE15 (15% off) is kept with your cart and applied at checkout. It can be used once per customer.",
  );
  expect(await page.evaluate((key) => localStorage.getItem(key), CODE_KEY)).toBe("SMILE15");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Whitening Toothpaste");
  await expectNoSeriousA11yViolations(page);

  // The cart shows the code it keeps, checked for this cart.
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  const drawer = await openCart(page);
  await expect(drawer.getByRole("status")).toContainText("SMILE15");
  await expect(drawer.getByRole("status")).toContainText("applied at checkout");
});

test("a link that leaves the shop lands on the home page instead", async ({ page }) => {
  await page.goto("/discount/SMILE15?redirect=//evil.example/steal");
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
  expect(await page.evaluate((key) => localStorage.getItem(key), CODE_KEY)).toBe("SMILE15");
});

test("an unknown code says why, keeps nothing and stays put", async ({ page }) => {
  await page.addInitScript((key) => {
    if (!sessionStorage.getItem("code-seeded")) {
      localStorage.setItem(key, "SMILE15");
      sessionStorage.setItem("code-seeded", "1");
    }
  }, CODE_KEY);
  const answer = await page.goto("/discount/NO-SUCH-CODE?redirect=/product/prod2");
  expect(answer?.status()).toBe(404);
  expect(answer?.headers()["cache-control"]).toBe("no-store");
  await gotoHydrated(page, "/discount/NO-SUCH-CODE?redirect=/product/prod2");
  await pageSettled(page);
  await expect(page).toHaveURL(/\/discount\/NO-SUCH-CODE/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This code can't be used");
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    "This code isn't valid. Please check it and try again.",
  );
  // The code already kept stays; the unknown one is not kept.
  expect(await page.evaluate((key) => localStorage.getItem(key), CODE_KEY)).toBe("SMILE15");
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});
