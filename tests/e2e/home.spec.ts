import { expect, gotoHydrated, test } from "./fixtures";

test.describe("home page", () => {
  test("hero with Shop Now to the store and a background image", async ({ page }) => {
    await gotoHydrated(page, "/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "A brighter smile, the gentle way",
    );
    const hero = page.locator("section").filter({ has: page.getByRole("heading", { level: 1 }) });
    // The background artwork is inlined SVG (no request before the first paint).
    const art = hero.getByTestId("hero-art").locator("svg");
    await expect(art).toBeVisible();
    const box = await art.boundingBox();
    expect((box?.width ?? 0) * (box?.height ?? 0)).toBeGreaterThan(50_000);
    await hero.getByRole("link", { name: "Shop Now" }).click();
    await expect(page).toHaveURL(/\/store$/);
  });

  test("featured block: the newest product large with View Product, then two cards with Add to Cart", async ({
    page,
  }) => {
    await gotoHydrated(page, "/");
    const featured = page.getByRole("region", { name: "Featured Products" });
    const lead = featured.getByRole("article").first();
    await expect(lead.getByRole("heading", { name: "Whitening Strips" })).toBeVisible();
    await expect(lead).toContainText("£39.99");
    const cards = featured
      .getByRole("article")
      .filter({ has: page.getByRole("button", { name: "Add to Cart" }) });
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toContainText("Complete Smile Bundle");
    await expect(cards.nth(1)).toContainText("Whitening Pen");
    await expect(cards.nth(1)).toContainText("£24.99");
    await lead.getByRole("link", { name: /View Product/ }).click();
    await expect(page).toHaveURL(/\/product\/prod1$/);
  });

  test("benefits, Why Choose Us, testimonials, trust bar and How It Works", async ({ page }) => {
    await gotoHydrated(page, "/");
    await expect(
      page.getByRole("heading", { name: "Whiter teeth without the trip to the clinic" }),
    ).toBeVisible();
    const why = page.getByRole("region", { name: "Why Choose Us" });
    for (const card of [
      "Enamel Safe",
      "Fast Results",
      "Satisfaction Guaranteed",
      "Dentist Recommended",
    ]) {
      await expect(why.getByRole("heading", { name: card })).toBeVisible();
    }
    await expect(
      page.getByRole("region", { name: "What our customers say" }).getByRole("blockquote"),
    ).toHaveCount(3);
    const trust = page.getByRole("region", { name: "Why shop with us" });
    await expect(trust).toContainText("Free UK shipping");
    await expect(trust).toContainText("30-day money-back");
    const steps = page.getByRole("region", { name: "How It Works" }).getByRole("listitem");
    await expect(steps).toHaveCount(3);
  });

  test("banner Shop Now only shows the not-implemented notice", async ({ page }) => {
    await gotoHydrated(page, "/");
    const banner = page.getByRole("region", { name: "Subscribe and save 15%" });
    await banner.getByRole("button", { name: "Shop Now" }).click();
    await expect(page.getByText("🚧 Feature Not Implemented")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test("FAQ: five questions, one open at a time, collapsible", async ({ page }) => {
    await gotoHydrated(page, "/");
    const faq = page.getByRole("region", { name: "Frequently Asked Questions" });
    const items = faq.locator("details");
    await expect(items).toHaveCount(5);
    const first = faq.getByText("How long does it take to see results?");
    const second = faq.getByText("Are your products safe for my enamel?");
    await first.click();
    await expect(faq.getByText(/visible difference in 3-5 days/)).toBeVisible();
    await second.click();
    await expect(faq.getByText(/All our formulas are enamel-safe/)).toBeVisible();
    await expect(faq.getByText(/visible difference in 3-5 days/)).toBeHidden();
    await expect(faq.locator("details[open]")).toHaveCount(1);
    await second.click();
    await expect(faq.locator("details[open]")).toHaveCount(0);
  });

  test("the home page renders its sections on a client-side navigation too", async ({ page }) => {
    await gotoHydrated(page, "/store");
    // A marker on the document: a full page load would lose it, a client-side navigation keeps it.
    await page.evaluate(() => {
      document.documentElement.dataset.sameDocument = "yes";
    });
    await page.getByRole("banner").getByRole("link", { name: "Gleam home" }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => document.documentElement.dataset.sameDocument)).toBe("yes");
    const why = page.getByRole("region", { name: "Why Choose Us" });
    await expect(why.getByRole("heading", { name: "Fast Results" })).toBeVisible();
    await expect(
      page.getByRole("region", { name: "How It Works" }).getByRole("listitem"),
    ).toHaveCount(3);
    await expect(page.getByRole("region", { name: "Why shop with us" })).toContainText(
      "Secure checkout",
    );
  });
});
