import { expect, test } from "./fixtures";

// Server rendering: every page is complete and readable with JavaScript turned off.
test.use({ javaScriptEnabled: false });

const pages: Array<[string, string]> = [
  ["/", "A brighter smile, the gentle way"],
  ["/store", "Our Collection"],
  ["/product/prod1", "Whitening Strips"],
  ["/about", "Brighter smiles, honestly made"],
  ["/faq", "Frequently Asked Questions"],
  ["/blog", "Smile Journal"],
  ["/contact", "Get in touch"],
  ["/terms-of-service", "Terms of Service"],
  ["/privacy-policy", "Privacy Policy"],
  ["/shipping-returns", "Shipping & Returns"],
];

test.describe("without JavaScript", () => {
  for (const [path, heading] of pages) {
    test(`${path} is complete`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole("contentinfo")).toContainText("Shipping & Returns");
    });
  }

  test("FAQ answers open without JavaScript", async ({ page }) => {
    await page.goto("/faq");
    await page.getByText("How long does delivery take?").click();
    await expect(page.getByText(/Standard delivery then takes 5-7 business days/)).toBeVisible();
  });

  test("the store lists its products", async ({ page }) => {
    await page.goto("/store");
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(4);
  });
});

test.describe("search without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the search page's own field finds products", async ({ page }) => {
    await page.goto("/search");
    const field = page.getByRole("searchbox", { name: "Search products" });
    await field.fill("pen");
    await field.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=pen$/);
    await expect(page.getByText("2 products found for “pen”")).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  });
});
