import { expectNoSeriousA11yViolations, publicPages, test } from "./fixtures";

// Every public page, plus the two "not found" screens.
const pages = [...publicPages, "/product/nope", "/no/such/page"];

test.describe("accessibility (axe-core)", () => {
  for (const path of pages) {
    test(`${path} has no serious or critical violation`, async ({ page }) => {
      await page.goto(path);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      await expectNoSeriousA11yViolations(page);
    });
  }
});
