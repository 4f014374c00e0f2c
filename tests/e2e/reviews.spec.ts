import { signUpAndVerify, uniqueEmail } from "./account-fixtures";
import { expectToast, placePaidOrder } from "./cart-fixtures";
import { expect, expectNoSeriousA11yViolations, expectOnly, gotoHydrated, test } from "./fixtures";
import { chooseStars } from "./review-fixtures";

// Reviews from real buyers: a customer who has not bought a product is refused; a buyer
// finds "Write a review" beside the order's item, writes, edits and deletes a review, shown as
// text. Moderation, reports and the ratings' agreement, where the phone adds nothing to the
// server's rules, are in reviews-moderation.spec.ts.

const NOT_A_BUYER = "Only customers who bought this product can review it.";

test.describe("reviews", () => {
  test("a customer who has not bought the product cannot review it", async ({ page }) => {
    await signUpAndVerify(page, uniqueEmail("no-buyer"));
    await gotoHydrated(page, "/product/prod3/review");
    await expect(page.getByRole("heading", { level: 1, name: "Write a review" })).toBeVisible();
    await expect(page.getByText(NOT_A_BUYER)).toBeVisible();
    await expect(page.getByRole("button", { name: "Submit review" })).toHaveCount(0);
  });

  test("a guest who opens the review form is asked to log in first", async ({ page }) => {
    await page.goto("/product/prod2/review");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fproduct%2Fprod2%2Freview/);
  });

  test("a buyer writes, edits and deletes a review; its text stays text", async ({
    page,
    consoleProblems,
  }) => {
    test.setTimeout(40_000);
    await placePaidOrder(page, "reviewer");
    // "Write a review" beside the item of the paid order.
    await gotoHydrated(page, "/dashboard/orders");
    await page
      .getByRole("link", { name: "Write a review of Whitening Toothpaste" })
      .first()
      .click();
    await expect(page).toHaveURL(/\/product\/prod2\/review$/);
    await expect(page.getByRole("heading", { level: 1, name: "Write a review" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Too short: refused beside the field, nothing saved.
    await chooseStars(page, 4);
    await page.getByLabel("Title").fill("<script>window.hacked = 1</script>");
    await page.getByLabel("Your review").fill("Too short");
    // The browser's own minlength check would stop it: let the server judge.
    await page
      .locator("form", { has: page.getByRole("button", { name: "Submit review" }) })
      .evaluate((form) => form.setAttribute("novalidate", ""));
    await page.getByRole("button", { name: "Submit review" }).click();
    await expect(page.locator("#review-body-error")).toHaveText(
      "Please write at least 10 characters.",
    );
    await expect(page.getByLabel("Your review")).toHaveAttribute("aria-invalid", "true");
    // The refusal's 400, which Chromium reports in the console.
    await expectOnly(consoleProblems, /status of 400/);

    await page.getByLabel("Your review").fill("Whiter after a week <b>and</b> no sensitivity.");
    await page.getByRole("button", { name: "Submit review" }).click();
    await expectToast(page, "Review saved");
    await expect(page).toHaveURL(/\/product\/prod2#reviews$/);
    const reviews = page.getByRole("region", { name: "Customer reviews" });
    const mine = reviews.getByRole("article", { name: "<script>window.hacked = 1</script>" });
    await expect(mine).toBeVisible();
    await expect(mine.getByText("Whiter after a week <b>and</b> no sensitivity.")).toBeVisible();
    await expect(mine.getByText("Verified purchase")).toBeVisible();
    await expect(mine.getByRole("img", { name: "Rated 4 out of 5" })).toBeVisible();
    expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
    // The structured data carries it as text too (escaped: the script element stays whole).
    const ld = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
    );
    expect(ld.review.map((review: { name: string }) => review.name)).toContain(
      "<script>window.hacked = 1</script>",
    );

    // Edit: the form opens with the review in it.
    await gotoHydrated(page, "/product/prod2/review");
    await expect(page.getByRole("heading", { level: 1, name: "Edit your review" })).toBeVisible();
    await expect(page.getByLabel("Title")).toHaveValue("<script>window.hacked = 1</script>");
    await chooseStars(page, 2);
    await page.getByLabel("Title").fill("Changed my mind");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expectToast(page, "Review saved");
    const edited = page
      .getByRole("region", { name: "Customer reviews" })
      .getByRole("article", { name: "Changed my mind" });
    await expect(edited.getByRole("img", { name: "Rated 2 out of 5" })).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Customer reviews" }).getByRole("article", {
        name: "<script>window.hacked = 1</script>",
      }),
    ).toHaveCount(0);

    // Delete.
    await gotoHydrated(page, "/product/prod2/review");
    await page.getByRole("button", { name: "Delete review" }).click();
    await expectToast(page, "Review deleted");
    await expect(
      page
        .getByRole("region", { name: "Customer reviews" })
        .getByRole("article", { name: "Changed my mind" }),
    ).toHaveCount(0);
  });
});
