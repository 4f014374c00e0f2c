import { mailboxMessage, uniqueEmail } from "./account-fixtures";
import { expectToast } from "./cart-fixtures";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from "./fixtures";

// The newsletter's double opt-in (docs/storefront.md, Newsletter): a shopper subscribes in the
// footer, confirms by the emailed link's page, gets the welcome with its unsubscribe link and
// List-Unsubscribe header, and unsubscribes without signing in.

test("a shopper subscribes, confirms by the emailed link and unsubscribes", async ({ page }) => {
  const email = uniqueEmail("reader");
  await gotoHydrated(page, "/faq");
  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText("We email you a link to confirm; unsubscribe at any time.");
  await footer.getByLabel("Email address").fill(email);
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expectToast(
    page,
    "Subscribed! 🎉",
    "Thanks for joining our newsletter. Check your inbox and confirm, then look out for special offers!",
  );

  const confirmation = await mailboxMessage(
    page,
    email,
    /Confirm your Gleam newsletter subscription/,
  );
  const confirmUrl = await confirmation
    .getByRole("link", { name: /\/newsletter\/confirm\?token=/ })
    .getAttribute("href");
  await gotoHydrated(page, confirmUrl ?? "");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your subscription");
  await expect(page.getByRole("main")).toContainText(email);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're subscribed");
  await expectNoSeriousA11yViolations(page);

  // The welcome is marketing: the mail app's one-click header, and a link of its own.
  const welcome = await mailboxMessage(page, email, /Welcome to the Gleam newsletter/);
  await expect(welcome).toContainText(
    /List-Unsubscribe: <http:\/\/[^>]+\/api\/newsletter\/unsubscribe\?token=[\w-]+>/,
  );
  await expect(welcome).toContainText("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  const unsubscribeUrl = await welcome
    .getByRole("link", { name: /\/newsletter\/unsubscribe\?token=/ })
    .getAttribute("href");

  // No session: the link is the key.
  await page.context().clearCookies();
  await gotoHydrated(page, unsubscribeUrl ?? "");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Unsubscribe from our newsletter",
  );
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're unsubscribed");
  await expect(page.getByRole("main")).toContainText(`${email} gets no more marketing emails`);
  await expectNoSeriousA11yViolations(page);

  // The confirmation link, used again after leaving, signs no one up.
  await gotoHydrated(page, confirmUrl ?? "");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link is no longer valid");
});

test("a mistyped or forged link's button changes nothing and says so", async ({ request }) => {
  const origin = new URL((await request.get("/healthz")).url()).origin;
  for (const [path, intent] of [
    ["/newsletter/confirm?token=forged-token", "confirm"],
    ["/newsletter/unsubscribe?token=forged-token", "unsubscribe"],
  ] as const) {
    const response = await request.post(path, { form: { intent }, headers: { Origin: origin } });
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).toContain("This link is no longer valid.");
  }
});
