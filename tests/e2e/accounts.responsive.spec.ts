import type { Request } from "@playwright/test";
import {
  logIn,
  logInThroughPage,
  logOut,
  mailboxLink,
  signUp,
  uniqueEmail,
} from "./account-fixtures";
import { expectToast } from "./cart-fixtures";
import {
  expect,
  expectNoSeriousA11yViolations,
  expectOnly,
  gotoHydrated,
  isPhone,
  test,
} from "./fixtures";

// A refused log-in or sign-up answers 4xx, which the browser reports in the console; tests that
// provoke one expect exactly that.
const REFUSED = /status of 40[139]/;

// Accounts in the browser, on desktop and phone: sign-up with the link from the dev mailbox,
// log-in and log-out (through the menu on a phone), the log-in page's accessibility. Refusals,
// resets, settings and a session that ended, where the phone adds nothing, are in
// accounts-rules.spec.ts; other tests sign up and log in through the same forms without a page
// (account-fixtures.ts). Each test uses its own address.

test.describe("accounts", () => {
  test("sign up, verify from the mailbox, use the dashboard, log out, log in", async ({
    page,
    consoleProblems,
  }) => {
    const email = uniqueEmail("ada");
    await signUp(page, email);
    await expectToast(
      page,
      "Sign up successful!",
      "Please check your email to verify your account.",
    );

    // Not verified yet: log-in is refused and offers to resend the link.
    await logIn(page, email, "correct-horse-1");
    await expectToast(
      page,
      "Sign in Failed",
      "Please verify your email address before logging in.",
    );
    await page.getByRole("button", { name: "Resend verification email" }).click();
    await expectToast(
      page,
      "Verification Email Sent",
      "Please check your email to verify your account.",
    );
    await expectOnly(consoleProblems, REFUSED);

    // The link confirms the address and asks to log in: it signs no one in by itself.
    const link = await mailboxLink(page, email, /Confirm your email/);
    await page.goto(link);
    await expect(page).toHaveURL(/\/login\?verified=1$/);
    await expect(
      page.getByRole("status").filter({ hasText: "email address is confirmed" }),
    ).toBeVisible();
    await logInThroughPage(page, email, "correct-horse-1");
    await expect(page.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
    await expect(page.getByText("No recent orders found.")).toBeVisible();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

    await logOut(page);
    await expectToast(page, "Logged out successfully!");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();

    // The session is gone on the server: the dashboard sends a guest to log in.
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);

    // The log-in reaches the dashboard in one navigation: one data request after the form's,
    // not a reload of the log-in page and a second navigation cutting off the first.
    const dataRequests: string[] = [];
    const recordData = (request: Request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith(".data")) dataRequests.push(`${request.method()} ${url.pathname}`);
    };
    page.on("request", recordData);
    await logIn(page, email, "correct-horse-1");
    await expectToast(
      page,
      "Login Successful!",
      "Welcome back! Redirecting you to your dashboard...",
    );
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
    page.off("request", recordData);
    expect(dataRequests).toEqual(["POST /login.data", "GET /dashboard.data"]);
    if (!isPhone(page)) {
      await expect(page.getByRole("banner").getByRole("link", { name: "Dashboard" })).toBeVisible();
    }
    // A signed-in visitor who opens /login goes to the dashboard.
    await page.goto("/login");
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("the log-in page is accessible", async ({ page }) => {
    await gotoHydrated(page, "/login");
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("tab", { name: "Sign Up" }).click();
    await expectNoSeriousA11yViolations(page);
  });
});
