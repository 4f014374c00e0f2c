import { expect, gotoHydrated, test } from "./fixtures";

// The shared layout at desktop size: what a narrower screen does not change. The header and
// the announcement bar, which a phone shows its own way, are layout.responsive.spec.ts.

test.describe("shared layout", () => {
  test("links within the shop are followed in the page; a modified click is the browser's", async ({
    page,
    context,
  }) => {
    await gotoHydrated(page, "/");
    // A marker on the window survives an in-page navigation, never a document load.
    await page.evaluate(() => {
      (window as unknown as { inPage: boolean }).inPage = true;
    });
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/question/i);
    expect(await page.evaluate(() => (window as unknown as { inPage?: boolean }).inPage)).toBe(
      true,
    );
    // Back and forward stay in the page too.
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => (window as unknown as { inPage?: boolean }).inPage)).toBe(
      true,
    );
    // Ctrl+click opens a new tab and leaves this page where it is.
    const opened = context.waitForEvent("page");
    await footer.getByRole("link", { name: "About Us" }).click({ modifiers: ["Control"] });
    await (await opened).close();
    await expect(page).toHaveURL(/\/$/);
  });

  test("footer lists every link, the social links and the current year", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    for (const href of [
      "/store",
      "/product/prod1",
      "/product/prod3",
      "/about",
      "/blog",
      "/faq",
      "/contact",
      "/shipping-returns",
      "/terms-of-service",
      "/privacy-policy",
    ]) {
      await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
    await expect(footer.getByRole("link", { name: "Whitening Strips" })).toHaveAttribute(
      "href",
      "/product/prod1",
    );
    await expect(footer.getByRole("link", { name: "Whitening Pen" })).toHaveAttribute(
      "href",
      "/product/prod3",
    );
    for (const network of ["Instagram", "Facebook", "TikTok"]) {
      const link = footer.getByRole("link", { name: `Gleam on ${network}` });
      await expect(link).toHaveAttribute("href", /^https:\/\//);
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
    const year = new Intl.DateTimeFormat("en-GB", {
      year: "numeric",
      timeZone: "Europe/London",
    }).format(new Date());
    await expect(footer).toContainText(`© ${year} Gleam`);
    await expect(footer).toContainText("Demo shop - no real payments");
  });

  test("newsletter: required email, one post, the toast, form reset", async ({ page }) => {
    await gotoHydrated(page, "/");
    const email = page.getByLabel("Email address");
    await expect(email).toHaveAttribute("type", "email");
    await expect(email).toHaveAttribute("required", "");
    await expect(page.getByRole("contentinfo")).toContainText(
      "Exclusive deals, new product announcements and oral health tips",
    );

    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
    });
    await page.getByRole("button", { name: "Subscribe" }).click();
    // The browser refuses an empty required field: no toast, nothing sent.
    await expect(page.getByText("Subscribed! 🎉")).toHaveCount(0);
    expect(posts).toEqual([]);

    await email.fill(`reader-${Date.now()}@example.com`);
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText("Subscribed! 🎉")).toBeVisible();
    await expect(
      page.getByText(
        "Thanks for joining our newsletter. Check your inbox and confirm, then look out for special offers!",
      ),
    ).toBeVisible();
    await expect(email).toHaveValue("");
    expect(posts).toEqual(["/api/newsletter"]);
  });

  test("WhatsApp widget toggles its panel and opens a prefilled chat", async ({ page }) => {
    await gotoHydrated(page, "/");
    const toggle = page.getByRole("button", { name: "Chat with us on WhatsApp" });
    await toggle.click();
    const panel = page.getByRole("region", { name: "Chat with us" });
    await expect(panel).toBeVisible();
    const chat = panel.getByRole("link", { name: "Start chat on WhatsApp" });
    const href = await chat.getAttribute("href");
    expect(href).toMatch(/^https:\/\/wa\.me\/447700900123\?text=/);
    expect(decodeURIComponent(href?.split("text=")[1] ?? "")).toContain("teeth whitening products");
    await expect(chat).toHaveAttribute("target", "_blank");

    await page.getByRole("button", { name: "Close WhatsApp chat" }).click();
    await expect(panel).toBeHidden();

    await toggle.click();
    await expect(panel).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
  });

  test("toasts: one at a time, each gone after 5000 ms", async ({ page }) => {
    await gotoHydrated(page, "/");
    const shopNow = page
      .getByRole("region", { name: "Subscribe and save 15%" })
      .getByRole("button", { name: "Shop Now" });
    await shopNow.click();
    const toast = page.locator("[data-sonner-toast]");
    await expect(toast).toHaveCount(1);
    const shownAt = Date.now();
    await expect(page.getByText("🚧 Feature Not Implemented")).toBeVisible();

    // A second notice while the first shows: still only one toast on screen.
    await shopNow.click();
    await expect(page.locator("[data-sonner-toast][data-visible='true']")).toHaveCount(1);

    await expect(toast).toHaveCount(0, { timeout: 15_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(4500);
  });

  test("skip link and keyboard focus reach the main content", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main$/);
  });
});
