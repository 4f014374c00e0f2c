import type { Page } from "@playwright/test";
import { expectToast } from "./cart-fixtures";
import { expect, gotoHydrated, isPhone } from "./fixtures";

// Accounts in tests: fresh sign-ups (each test its own address) and the seeded demo accounts.

export function uniqueEmail(label: string) {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** The newest message in the dev mailbox sent to `email` whose subject matches. */
export async function mailboxMessage(page: Page, email: string, subject: RegExp) {
  const message = page
    .getByRole("article")
    .filter({ hasText: email })
    .filter({ has: page.getByRole("heading", { name: subject }) })
    .first();
  // Emails are queued in the background: look again until it is there.
  await expect(async () => {
    await page.goto("/dev/mailbox");
    await expect(message).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  return message;
}

/** The first link of the newest message to `email` whose subject matches. */
export async function mailboxLink(page: Page, email: string, subject: RegExp): Promise<string> {
  const message = await mailboxMessage(page, email, subject);
  const href = await message.getByRole("link").first().getAttribute("href");
  if (!href) throw new Error("no link in the message");
  return href;
}

export async function signUp(page: Page, email: string, password = "correct-horse-1") {
  await gotoHydrated(page, "/login");
  await page.getByRole("tab", { name: "Sign Up" }).click();
  await page.getByLabel("Full name").fill("Ada Lovelace");
  await page.getByRole("tabpanel").getByLabel("Email").fill(email);
  await page.getByRole("tabpanel").getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign Up" }).click();
}

/**
 * A new account, verified through the mailbox link (which confirms the address and asks to log in:
 * it never signs anyone in), then logged in on its dashboard.
 */
export async function signUpAndVerify(page: Page, email: string, password = "correct-horse-1") {
  await signUp(page, email, password);
  await expectToast(page, "Sign up successful!");
  await page.goto(await mailboxLink(page, email, /Confirm your email/));
  await expect(page).toHaveURL(/\/login\?verified=1$/);
  await expect(
    page.getByRole("status").filter({ hasText: "email address is confirmed" }),
  ).toBeVisible();
  await logInAs(page, email, password);
}

export async function logIn(page: Page, email: string, password: string) {
  await gotoHydrated(page, "/login");
  const panel = page.getByRole("tabpanel");
  await panel.getByLabel("Email").fill(email);
  await panel.getByLabel("Password").fill(password);
  await panel.getByRole("button", { name: "Log In" }).click();
}

export async function logOut(page: Page) {
  if (isPhone(page)) {
    await page.getByRole("button", { name: "Open menu" }).click();
    await page
      .getByRole("dialog", { name: "Menu" })
      .getByRole("button", { name: "Log out" })
      .click();
  } else {
    await page.getByRole("banner").getByRole("button", { name: "Log out" }).click();
  }
}

/** Logs in and waits for the dashboard to be interactive. */
export async function logInAs(page: Page, email: string, password: string) {
  await gotoHydrated(page, "/login");
  const panel = page.getByRole("tabpanel");
  await panel.getByLabel("Email").fill(email);
  await panel.getByLabel("Password").fill(password);
  await panel.getByRole("button", { name: "Log In" }).click();
  // Signing in hashes the password and the page waits for its toast before it moves on: on a
  // loaded machine (CI runs two browsers at once) that took longer than the default 7 s once,
  // with the dashboard already drawn.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}
