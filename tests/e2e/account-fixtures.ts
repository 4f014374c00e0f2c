import type { Page } from "@playwright/test";
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

/** The shop's own origin, as its pages send it in `Origin` (the forms' same-origin check). */
async function shopOrigin(page: Page): Promise<string> {
  return new URL((await page.request.get("/healthz")).url()).origin;
}

/**
 * The log-in page's form posted as a browser without JavaScript posts it, in the page's context
 * (its cookies are the page's): for tests whose subject is not the form itself, which
 * accounts.responsive.spec.ts drives in the browser.
 */
async function postLoginForm(page: Page, fields: Record<string, string>) {
  const response = await page.request.post("/login", {
    form: fields,
    headers: { Origin: await shopOrigin(page) },
    maxRedirects: 0,
  });
  expect(response.status(), `POST /login ${fields.intent}: ${await response.text()}`).toBeLessThan(
    400,
  );
  return response;
}

/** The first link of the newest message to `email` whose subject matches, read without a page. */
async function mailboxLinkByRequest(page: Page, email: string, subject: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const html = await (await page.request.get("/dev/mailbox")).text();
        // Newest first, one article each, as mailboxMessage finds it on the page.
        const message = html
          .split("<article")
          .find((article) => article.includes(email) && article.includes(subject));
        link = /href="(http[^"]*)"/.exec(message ?? "")?.[1]?.replaceAll("&amp;", "&");
        return link;
      },
      { message: `a message to ${email}: ${subject}`, timeout: 10_000 },
    )
    .toBeDefined();
  return link ?? "";
}

/**
 * A new account, signed up, verified through the mailbox link and logged in as the log-in page's
 * forms would (the page itself is driven in accounts.responsive.spec.ts), then on its dashboard.
 */
export async function signUpAndVerify(page: Page, email: string, password = "correct-horse-1") {
  await postLoginForm(page, { intent: "sign-up", fullName: "Ada Lovelace", email, password });
  const link = await mailboxLinkByRequest(page, email, "Confirm your email");
  const verified = await page.request.get(link, { maxRedirects: 0 });
  expect(verified.headers().location).toMatch(/\/login\?verified=1$/);
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

/**
 * Logs in as the log-in form would (see signUpAndVerify) and waits for the dashboard to be
 * interactive.
 */
export async function logInAs(page: Page, email: string, password: string) {
  await postLoginForm(page, { intent: "sign-in", email, password });
  await gotoHydrated(page, "/dashboard");
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Logs in through the log-in page in the browser, and waits for the dashboard. */
export async function logInThroughPage(page: Page, email: string, password: string) {
  await logIn(page, email, password);
  // Signing in hashes the password and the page waits for its toast before it moves on: on a
  // loaded machine (CI runs two browsers at once) that took longer than the default 7 s once,
  // with the dashboard already drawn.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}
