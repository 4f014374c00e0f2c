import { expectNoSeriousA11yViolations, test } from "./fixtures";

const pages = [
  "/",
  "/store",
  "/product/prod1",
  "/product/nope",
  "/about",
  "/faq",
  "/blog",
  "/contact",
  "/terms-of-service",
  "/privacy-policy",
  "/shipping-returns",
  "/no/such/page",
];

test.describe("accessibility (axe-core)", () => {
  for (const path of pages) {
    test(`${path} has no serious or critical violation`, async ({ page }) => {
      await page.goto(path);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      await expectNoSeriousA11yViolations(page);
    });
  }
});
