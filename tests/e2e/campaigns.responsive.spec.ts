import type { BuiltServer } from "../../scripts/built-server";
import { logInAs, mailboxMessage } from "./account-fixtures";
import { ADMIN, openSection } from "./admin-fixtures";
import { expectToast } from "./cart-fixtures";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from "./fixtures";
import { startSeededServer } from "./seeded-shop";

// Newsletter campaigns (docs/admin.md#newsletter-campaigns), on desktop and phone, on a shop of
// this test's own (it sends to the demo's subscribers and sets the rate): a draft written with
// the rich-text editor and a product block, previewed at both widths, tested on the admin's own
// address, then sent, asked first, to every confirmed subscriber, with its counts.

test.describe("newsletter campaigns", () => {
  let server: BuiltServer;
  test.beforeAll(async () => {
    server = await startSeededServer({ LOG_LEVEL: "warn" });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("a campaign is written, previewed, tested and sent to the subscribers once", async ({
    browser,
    viewport,
    isMobile,
    hasTouch,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({
      baseURL: server.url,
      viewport,
      isMobile,
      hasTouch,
    });
    const page = await context.newPage();
    await logInAs(page, ...ADMIN);
    await openSection(page, "Campaigns");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Campaigns");
    await expect(page.getByText("No campaigns yet.")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // The demo's subscribers in one batch.
    const rate = page.getByRole("form", { name: "Sending rate" });
    await rate.getByLabel("Emails a minute").fill("1000");
    await rate.getByRole("button", { name: "Save rate" }).click();
    await expectToast(page, "Settings Saved!");

    await page.getByRole("link", { name: "New campaign" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("New campaign");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const form = page.getByRole("form", { name: "Campaign" });
    await form.getByLabel("Subject").fill("Brighter for spring");
    const text = form.getByRole("textbox", { name: "Text", exact: true });
    await text.click();
    await text.pressSequentially("Our pen is back, and the shades are brighter.");
    const picker = form.getByRole("combobox", { name: "Product block (optional)" });
    await picker.fill("pen");
    await expect(form.getByRole("option", { name: /Whitening Pen/ })).toBeVisible();
    await picker.press("Enter");
    await form.getByRole("button", { name: "Create draft" }).click();
    await expect(page).toHaveURL(/\/dashboard\/admin-campaigns\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Brighter for spring");

    // The preview: the email itself, at a desktop mail app's width, then a phone's.
    const preview = page.frameLocator('iframe[title="Email preview (desktop)"]');
    await expect(preview.getByText("Our pen is back, and the shades are brighter.")).toBeVisible();
    await expect(preview.getByText("Whitening Pen")).toBeVisible();
    await page.getByRole("button", { name: "Phone" }).click();
    await expect(page.getByRole("button", { name: "Phone" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    // As narrow as a phone's mail app (on a phone, the screen's width is narrower still).
    const phone = page.locator('iframe[title="Email preview (phone)"]');
    await expect(phone).toHaveAttribute("style", "width: 375px;");
    await expectNoSeriousA11yViolations(page);

    // A test to the admin's own address.
    await page.getByRole("button", { name: "Send a test to me" }).click();
    await expectToast(page, "Test sent", "To admin@example.com.");

    // Sent, asked first, to every confirmed subscriber.
    const send = page.getByRole("button", { name: /^Send to \d+ subscribers$/ });
    const count = Number((await send.textContent())?.match(/\d+/)?.[0] ?? 0);
    expect(count).toBeGreaterThan(5);
    await send.click();
    const dialog = page.getByRole("alertdialog", {
      name: `Send “Brighter for spring” to ${count} subscribers?`,
    });
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole("button", { name: "Send campaign" }).click();
    await expectToast(page, "Campaign sending");
    const counts = page.getByTestId("campaign-counts");
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole("status").filter({ hasText: /^Sent / })).toBeVisible({
        timeout: 500,
      });
      await expect(counts.getByText("Recipients").locator("..")).toContainText(String(count), {
        timeout: 500,
      });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByRole("form", { name: "Campaign" })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    const mailbox = await context.newPage();
    await mailboxMessage(mailbox, "admin@example.com", /\[Test\] Brighter for spring/);
    const sent = mailbox
      .getByRole("article")
      .filter({ has: mailbox.getByRole("heading", { name: /^Brighter for spring$/ }) });
    await expect(sent).toHaveCount(count);
    await gotoHydrated(page, "/dashboard/admin-campaigns");
    const row = page.getByTestId("campaign-row").filter({ hasText: "Brighter for spring" });
    await expect(row).toContainText("Sent");
    await context.close();
  });
});
