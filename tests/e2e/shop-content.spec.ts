import type { BuiltServer } from "../../scripts/built-server";
import { logInAs } from "./account-fixtures";
import { ADMIN, openSection } from "./admin-fixtures";
import { expectToast } from "./cart-fixtures";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, pageOn, test } from "./fixtures";
import { startSeededServer } from "./seeded-shop";

// The shop's words in the admin (docs/admin.md#blog, docs/admin.md#pages; decision record 074), on
// a shop of this test's own (it publishes a post and edits a page every shopper sees): a post
// written with the rich-text editor, an image in its text, published and seen on the blog, on its
// own page and in the RSS feed; the FAQ edited with a preview, published, and restored; the
// announcement bar edited with the home page, seen on another page, and restored.

let server: BuiltServer;
test.beforeAll(async () => {
  server = await startSeededServer({ LOG_LEVEL: "warn" });
});
test.afterAll(async () => {
  await server?.stop();
});

test("a post is written, published and seen on the blog and in its feed", async ({
  browser,
  viewport,
}) => {
  test.setTimeout(90_000);
  const page = await pageOn(browser, server.url, { viewport, isMobile: false, hasTouch: false });
  await logInAs(page, ...ADMIN);
  await openSection(page, "Blog");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog");
  await expect(page.getByTestId("post-row")).toHaveCount(3);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("link", { name: "New post" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("New post");
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  const form = page.getByRole("form", { name: "Post" });
  await form.getByLabel("Title", { exact: true }).fill("Whitening before a wedding");
  await expect(form.getByLabel("Address")).toHaveValue("whitening-before-a-wedding");
  await form.getByLabel("Excerpt").fill("Start two weeks before the day for a natural shade.");
  const text = form.getByRole("textbox", { name: "Text", exact: true });
  await text.click();
  await form.getByRole("button", { name: "Heading", exact: true }).click();
  await text.pressSequentially("Plan two weeks ahead");
  await text.press("Enter");
  await text.pressSequentially("Begin the 14-day treatment a fortnight before the day.");
  await form
    .getByRole("toolbar", { name: "Formatting" })
    .getByRole("button", { name: "Image" })
    .click();
  await form.getByRole("button", { name: "Insert image" }).click();
  await expect(form.getByText("Describe the image for people who cannot see it.")).toBeVisible();
  await form.getByLabel("Describe the image").fill("A calendar with a sparkling tooth");
  await form.getByRole("button", { name: "Insert image" }).click();
  await expect(text.locator("img")).toHaveAttribute("alt", "A calendar with a sparkling tooth");
  await form.getByLabel("Describe the cover image").fill("A coffee cup beside a toothbrush");
  await form.getByRole("radio", { name: "Publish now" }).check();
  await form.getByRole("button", { name: "Create post" }).click();
  await expect(page).toHaveURL(/\/dashboard\/admin-blog\/[0-9a-f-]{36}$/);
  await expect(form.getByRole("radio", { name: "Published" })).toBeChecked();
  const preview = page.getByRole("region", { name: "Preview, as saved" });
  await expect(preview.getByRole("heading", { name: "Plan two weeks ahead" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await gotoHydrated(page, "/blog");
  const first = page.getByRole("main").getByRole("article").first();
  await expect(first.getByRole("heading")).toHaveText("Whitening before a wedding");
  await first.getByRole("link", { name: /^Read More/ }).click();
  await expect(page).toHaveURL(/\/blog\/whitening-before-a-wedding$/);
  await expect(page.getByRole("heading", { level: 2, name: "Plan two weeks ahead" })).toBeVisible();
  await expect(page.getByRole("img", { name: "A calendar with a sparkling tooth" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const feed = await page.request.get("/blog/rss.xml");
  expect(feed.headers()["content-type"]).toContain("application/rss+xml");
  const xml = await feed.text();
  expect(xml.indexOf("<title>Whitening before a wedding</title>")).toBeGreaterThan(0);
  expect(xml).toContain("/blog/whitening-before-a-wedding</link>");
  expect(await (await page.request.get("/sitemap.xml")).text()).toContain(
    "/blog/whitening-before-a-wedding</loc>",
  );
});

test("the FAQ is edited with a preview, published, then restored", async ({
  browser,
  viewport,
}) => {
  test.setTimeout(90_000);
  const page = await pageOn(browser, server.url, { viewport, isMobile: false, hasTouch: false });
  await logInAs(page, ...ADMIN);
  await openSection(page, "Pages");
  await expect(page.getByTestId("page-row")).toHaveCount(6);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: "FAQ" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("FAQ");
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

  const form = page.getByRole("form", { name: "Page" });
  await form.getByLabel("Question 1").fill("");
  await form.getByRole("button", { name: "Preview changes" }).click();
  await expectToast(page, "No preview", "Write the question.");
  await expect(form.getByLabel("Question 1")).toHaveAttribute("aria-invalid", "true");

  await form.getByLabel("Question 1").fill("How do I apply the strips?");
  await form.getByRole("button", { name: "Preview changes" }).click();
  const preview = page.getByRole("region", { name: "Preview: Your changes" });
  await expect(preview.getByText("How do I apply the strips?")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // Only previewed: the shop still shows the starting text.
  const shop = await (await page.request.get("/faq")).text();
  expect(shop).toContain("How do I use the whitening strips?");

  await form.getByRole("button", { name: "Save and publish" }).click();
  await expectToast(page, "Page saved", "The shop shows it now.");
  await expect(page.getByTestId("page-version")).toHaveCount(2);

  const shopper = await pageOn(browser, server.url, { viewport, isMobile: false, hasTouch: false });
  await gotoHydrated(shopper, "/faq");
  const items = shopper.getByRole("main").locator("details");
  await expect(items).toHaveCount(4);
  await expect(items.first().locator("summary")).toHaveText("How do I apply the strips?");

  const starting = page.getByTestId("page-version").filter({ hasText: "Starting text" });
  await starting.getByRole("button", { name: "Restore starting text" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Restore" }).click();
  await expectToast(page, "Version restored");
  await expect(page.getByTestId("page-version")).toHaveCount(3);
  await expect(page.getByTestId("page-version").first()).toContainText(
    "restored from the starting text",
  );
  await gotoHydrated(shopper, "/faq");
  await expect(items.first().locator("summary")).toHaveText("How do I use the whitening strips?");
});

test("the announcement bar is edited with the home page and every page follows", async ({
  browser,
  viewport,
}) => {
  test.setTimeout(90_000);
  const shopper = await pageOn(browser, server.url, { viewport, isMobile: false, hasTouch: false });
  const bar = shopper.getByRole("region", { name: "Announcements" });
  // Rendered (and cached) before the change: the save must reach it.
  await gotoHydrated(shopper, "/store");
  await expect(bar).toContainText("Enamel-Safe Dentist Recommended Formula");

  const page = await pageOn(browser, server.url, { viewport, isMobile: false, hasTouch: false });
  await logInAs(page, ...ADMIN);
  await gotoHydrated(page, "/dashboard/admin-pages/home");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Home page");
  const form = page.getByRole("form", { name: "Page" });
  await expect(form.getByLabel("Message 1")).toHaveValue(
    "Free shipping on orders over {freeShippingOver}",
  );
  await form.getByLabel("Message 2").fill("");
  await form.getByRole("button", { name: "Preview changes" }).click();
  await expectToast(page, "No preview", "Write the announcement.");
  await expect(form.getByLabel("Message 2")).toHaveAttribute("aria-invalid", "true");

  await form.getByLabel("Message 2").fill("Posted from Leeds within a day");
  await form.getByRole("button", { name: "Preview changes" }).click();
  const preview = page.getByRole("region", { name: "Preview: Your changes" });
  const previewBar = preview.getByRole("region", { name: "Announcements" });
  await expect(previewBar).toContainText("Free shipping on orders over £50");
  await expect(previewBar).toContainText("Posted from Leeds within a day");
  await expectNoSeriousA11yViolations(page);
  await form.getByRole("button", { name: "Save and publish" }).click();
  await expectToast(page, "Page saved", "The shop shows it now.");

  await gotoHydrated(shopper, "/store");
  await expect(bar).toContainText("Posted from Leeds within a day");
  await expect(bar).toContainText("Free shipping on orders over £50");
  await expect(bar).not.toContainText("Enamel-Safe");

  const starting = page.getByTestId("page-version").filter({ hasText: "Starting text" });
  await starting.getByRole("button", { name: "Restore starting text" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Restore" }).click();
  await expectToast(page, "Version restored");
  await gotoHydrated(shopper, "/store");
  await expect(bar).toContainText("Enamel-Safe Dentist Recommended Formula");
});
