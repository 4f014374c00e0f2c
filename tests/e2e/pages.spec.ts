import { expect, gotoHydrated, test } from "./fixtures";

const today = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Europe/London",
}).format(new Date());

test.describe("content pages", () => {
  test("about: founder story and the four core values", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("heading", { name: "Our story" })).toBeVisible();
    for (const value of [
      "Customer Passion",
      "Science-Backed",
      "Quality Promise",
      "Community-Focused",
    ]) {
      await expect(page.getByRole("heading", { name: value })).toBeVisible();
    }
  });

  test("FAQ: four questions in a single-open accordion", async ({ page }) => {
    await gotoHydrated(page, "/faq");
    const items = page.getByRole("main").locator("details");
    await expect(items).toHaveCount(4);
    await items.nth(0).locator("summary").click();
    await items.nth(2).locator("summary").click();
    await expect(items.nth(2)).toHaveAttribute("open", "");
    await expect(page.getByRole("main").locator("details[open]")).toHaveCount(1);
    await items.nth(2).locator("summary").click();
    await expect(page.getByRole("main").locator("details[open]")).toHaveCount(0);
  });

  test("blog: the three sample articles, each Read More opening its post", async ({ page }) => {
    await gotoHydrated(page, "/blog");
    const articles = page.getByRole("main").getByRole("article");
    await expect(articles).toHaveCount(3);
    await articles
      .nth(1)
      .getByRole("link", { name: /^Read More/ })
      .click();
    await expect(page).toHaveURL(/\/blog\/whitening-myths$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Five teeth-whitening myths, checked with a dentist",
    );
    await expect(
      page.getByRole("heading", { name: "2. Baking soda is a safe home whitener" }),
    ).toBeVisible();
    await page.getByRole("link", { name: "Smile Journal" }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test("contact: required fields, toast, reset, nothing sent", async ({ page }) => {
    await gotoHydrated(page, "/contact");
    const form = page.getByRole("form", { name: "Send us a message" });
    for (const label of ["Name", "Email", "Subject", "Message"]) {
      await expect(form.getByLabel(label)).toHaveAttribute("required", "");
    }
    await expect(form.getByLabel("Email")).toHaveAttribute("type", "email");
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));

    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Message Sent!")).toHaveCount(0);

    await form.getByLabel("Name").fill("Sam Taylor");
    await form.getByLabel("Email").fill("sam@example.com");
    await form.getByLabel("Subject").fill("Order question");
    await form.getByLabel("Message").fill("When will my order arrive?");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Message Sent!")).toBeVisible();
    await expect(
      page.getByText("Thanks for reaching out! We'll get back to you within 24 hours."),
    ).toBeVisible();
    await expect(form.getByLabel("Name")).toHaveValue("");
    await expect(form.getByLabel("Message")).toHaveValue("");
    expect(requests).toEqual([]);
    await expect(page.getByRole("main")).toContainText("Mon-Fri 9am-5pm UK time");
  });

  for (const [path, title, phrase] of [
    ["/terms-of-service", "Terms of Service", "Consumer Rights Act 2015"],
    ["/privacy-policy", "Privacy Policy", "UK GDPR"],
    ["/shipping-returns", "Shipping & Returns", "5-10 business days"],
  ] as const) {
    test(`${title}: real policy text, last updated today`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole("main")).toContainText(`Last updated: ${today}`);
      await expect(page.getByRole("main")).toContainText(phrase);
    });
  }

  test("shipping policy states the spec's times and thresholds", async ({ page }) => {
    await page.goto("/shipping-returns");
    const main = page.getByRole("main");
    for (const fact of [
      "1-2 business days",
      "5-7 business days",
      "2-3 business days",
      "over £50",
      "30 days",
    ]) {
      await expect(main).toContainText(fact);
    }
  });

  test("an unknown URL shows the fallback screen with its status, inside the shop layout", async ({
    page,
  }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole("heading", { name: "Unexpected Application Error!" }),
    ).toBeVisible();
    await expect(page.getByText("404 Not Found")).toBeVisible();
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });
});
