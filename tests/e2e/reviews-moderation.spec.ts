import { logInAs, signUpAndVerify, uniqueEmail } from "./account-fixtures";
import { expectToast, placePaidOrder } from "./cart-fixtures";
import { expect, expectOnly, gotoHydrated, test } from "./fixtures";
import { chooseStars } from "./review-fixtures";

// Reviews after they are written: an admin hides and shows one with a reason, a customer reports
// another's once (with scripts and as a plain page), and the demo shop's ratings agree wherever
// they appear. Writing a review is in reviews.spec.ts.

test.describe("reviews: moderation and ratings", () => {
  test("an admin hides a review from the shop with a reason, and shows it again", async ({
    page,
    browser,
  }) => {
    test.setTimeout(50_000);
    const { email } = await placePaidOrder(page, "moderated");
    // Markup in the title: the admin's screen shows it as text too (found by the very name).
    const title = `Moderated <i>${email.split("@")[0]}</i>`;
    await gotoHydrated(page, "/product/prod2/review");
    await chooseStars(page, 1);
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Your review").fill("Buy from somewhere else, this is an advert.");
    await page.getByRole("button", { name: "Submit review" }).click();
    await expectToast(page, "Review saved");

    const context = await browser.newContext({
      baseURL: new URL(page.url()).origin,
      viewport: page.viewportSize(),
    });
    const admin = await context.newPage();
    await logInAs(admin, "admin@example.com", "admin-password-1");
    await gotoHydrated(admin, "/dashboard/admin-reviews");
    const entry = admin.getByRole("article", { name: title });
    await expect(entry).toContainText(email);
    await entry.getByLabel("Reason").fill("Advertising");
    await entry.getByRole("button", { name: "Hide review" }).click();
    await expectToast(admin, "Review hidden");
    await expect(entry.getByText("Hidden: Advertising")).toBeVisible();

    // Gone from the shop, for a shopper who is not signed in (the page cache was emptied).
    const guest = await browser.newContext({ baseURL: new URL(page.url()).origin });
    const shopper = await guest.newPage();
    await shopper.goto("/product/prod2");
    await expect(shopper.getByRole("region", { name: "Customer reviews" })).toBeVisible();
    await expect(shopper.getByRole("article", { name: title })).toHaveCount(0);

    await gotoHydrated(admin, "/dashboard/admin-reviews?show=hidden");
    await admin.getByRole("article", { name: title }).getByLabel("Reason").fill("Checked again");
    await admin
      .getByRole("article", { name: title })
      .getByRole("button", { name: "Show review" })
      .click();
    await expectToast(admin, "Review shown");
    await shopper.goto("/product/prod2");
    await expect(shopper.getByRole("article", { name: title })).toBeVisible();
    await context.close();
    await guest.close();
  });

  test("a customer reports another's review once", async ({ page, consoleProblems }) => {
    await signUpAndVerify(page, uniqueEmail("reporter"));
    await gotoHydrated(page, "/product/prod3");
    // The reviews hydrate after the page (their code is a lazy chunk): a click before that posts
    // the plain form (seen on a busy CI run).
    await expect(page.locator('#reviews[data-hydrated="true"]')).toBeAttached();
    const reviews = page.getByRole("region", { name: "Customer reviews" });
    const report = reviews.getByRole("button", { name: /^Report review: / }).first();
    await report.click();
    await expectToast(page, "Review reported", "Thank you: we will take a look.");
    await report.click();
    await expectToast(page, "Review not reported", "You have already reported this review.");
    await expectOnly(consoleProblems, /status of 409/);
  });

  test("a report posted as a page (no JavaScript, or before the scripts arrive) answers on the page", async ({
    page,
    browser,
    baseURL,
  }) => {
    await signUpAndVerify(page, uniqueEmail("plain-reporter"));
    const plain = await browser.newContext({
      baseURL,
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    try {
      const tab = await plain.newPage();
      await tab.goto("/product/prod3");
      const report = tab
        .getByRole("region", { name: "Customer reviews" })
        .getByRole("button", { name: /^Report review: / })
        .first();
      await report.click();
      await expect(tab).toHaveURL(/\/product\/prod3\/review$/);
      const answer = tab.getByRole("status");
      await expect(answer).toContainText("Review reported");
      await expect(answer).toContainText("Thank you: we will take a look.");
      await answer.getByRole("link", { name: "Back to the reviews of Whitening Pen" }).click();
      await expect(tab).toHaveURL(/\/product\/prod3#reviews$/);
      await report.click();
      const refusal = tab.getByRole("alert");
      await expect(refusal).toContainText("Review not reported");
      await expect(refusal).toContainText("You have already reported this review.");
    } finally {
      await plain.close();
    }
  });

  test("a product's rating is the same on its page, its card, the search results and its JSON-LD", async ({
    page,
  }) => {
    // The demo shoppers' reviews give the strips a rating (no test writes reviews of them).
    await gotoHydrated(page, "/product/prod1");
    const header = page
      .getByRole("main")
      .locator("p", { has: page.getByRole("img", { name: /^Rated/ }) })
      .first();
    const label = await header.getByRole("img").getAttribute("aria-label");
    expect(label).toMatch(/^Rated \d(\.\d)? out of 5$/);
    const count = (await header.getByRole("link").textContent()) ?? "";
    expect(count).toMatch(/^\d+ reviews?$/);
    const json = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
    );
    expect(`Rated ${json.aggregateRating.ratingValue} out of 5`).toBe(label);
    expect(`${json.aggregateRating.reviewCount} reviews`).toBe(count);

    // The featured block on the home page shows its products' stars and counts too.
    await gotoHydrated(page, "/");
    const featured = page.getByRole("region", { name: "Featured Products" });
    await expect(
      featured.getByRole("img", { name: /^Rated \d(\.\d)? out of 5$/ }).first(),
    ).toBeVisible();
    await expect(featured.getByText(/^\(\d+ reviews?\)$/).first()).toBeVisible();

    for (const path of ["/store", "/search?q=strips"]) {
      await gotoHydrated(page, path);
      const card = page.getByRole("article").filter({
        has: page.getByRole("heading", { name: "Whitening Strips" }),
      });
      await expect(card.getByRole("img", { name: label ?? "" })).toBeVisible();
      await expect(card.getByText(`(${count})`)).toBeVisible();
    }
  });
});
