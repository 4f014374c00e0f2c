import { logInAs } from "./account-fixtures";
import { expect, expectOnly, gotoHydrated, publicPages, test } from "./fixtures";

// the browser's first render of every page is the server's. React reports a page
// whose HTML it cannot hydrate as it is (a text or an element that differs) as an error, which
// fails a test here (every test fails on a console error or warning, tests/e2e/fixtures.ts). So
// this visits every storefront page, every page of a customer's account and every admin screen,
// on desktop and phone; and checks, on a page made to differ, that such an error is seen.

const storefront = [
  ...publicPages,
  "/product/prod2",
  "/product/prod3",
  "/product/prod4",
  "/store/whitening-strips",
  "/store/toothpaste?sort=price-asc",
  "/search?q=whitening",
  "/search?q=nothing-like-this",
  "/login",
  "/no-such-page",
];

const account = [
  "/dashboard",
  "/dashboard/orders",
  "/dashboard/orders/demo-order-1",
  "/dashboard/details",
  "/dashboard/wishlist",
  "/dashboard/settings",
  "/product/prod1/review",
];

const admin = [
  "/dashboard",
  "/dashboard/analytics",
  "/dashboard/analytics?range=7",
  "/dashboard/admin-orders",
  "/dashboard/admin-orders?status=paid&sort=total",
  "/dashboard/admin-orders/demo-order-1",
  "/dashboard/admin-products",
  "/dashboard/admin-products/prod1",
  "/dashboard/admin-products/new",
  "/dashboard/admin-categories",
  "/dashboard/admin-delivery",
  "/dashboard/admin-discounts",
  "/dashboard/admin-reviews",
  "/dashboard/admin-settings",
  "/dashboard/admin-payments",
];

test.describe("the first render in the browser is the server's", () => {
  test.describe.configure({ timeout: 120_000 });

  test("every storefront page", async ({ page }) => {
    for (const path of storefront) {
      await gotoHydrated(page, path);
    }
  });

  test("every page of a customer's account", async ({ page }) => {
    await logInAs(page, "customer@example.com", "customer-password-1");
    for (const path of account) await gotoHydrated(page, path);
  });

  test("every admin screen", async ({ page }) => {
    await logInAs(page, "admin@example.com", "admin-password-1");
    for (const path of admin) await gotoHydrated(page, path);
  });

  // The probe: a page whose HTML is not what the browser renders first is caught.
  test("a page made to differ from the browser's first render is reported", async ({
    page,
    consoleProblems,
  }) => {
    await page.route("**/about", async (route) => {
      const response = await route.fetch({
        headers: { ...route.request().headers(), "Cache-Control": "no-cache" },
      });
      const html = (await response.text()).replace(
        "<h1",
        '<h1 data-probe=""><span>Not what React renders</span><!-- -->',
      );
      await route.fulfill({ response, body: html });
    });
    await page.goto("/about");
    await expect.poll(() => consoleProblems.length).toBeGreaterThan(0);
    expectOnly(consoleProblems, /Minified React error #418|Hydration failed|hydrat/i);
  });
});
