import { logInAs } from "./account-fixtures";
import { expect, expectOnly, gotoHydrated, test } from "./fixtures";
import { adminScreens } from "./screens";

// The browser's first render of every page is the server's. React reports a page whose HTML it
// cannot hydrate as it is (a text or an element that differs) as an error, which fails any test
// (every test fails on a console error or warning, tests/e2e/fixtures.ts): the axe walk of every
// storefront and account page on both sizes (accessibility.responsive.spec.ts) sees it there.
// Here: every admin screen, detail pages included, and the probe, a page made to differ, whose
// error is seen.

test.describe("the first render in the browser is the server's", () => {
  test("every admin screen", async ({ page }) => {
    await logInAs(page, "admin@example.com", "admin-password-1");
    for (const path of adminScreens) await gotoHydrated(page, path);
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
    await expectOnly(consoleProblems, /Minified React error #418|Hydration failed|hydrat/i);
  });
});
