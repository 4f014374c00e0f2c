import type { Request } from "@playwright/test";
import {
  logIn,
  logInAs,
  logOut,
  mailboxLink,
  signUp,
  signUpAndVerify,
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

// Accounts in the browser: sign-up with the link from the dev mailbox, log-in, log-out and a
// forgotten password. Each test uses its own address.

test.describe("accounts", () => {
  test("sign up, verify from the mailbox, use the dashboard, log out, log in", async ({
    page,
    consoleProblems,
  }) => {
    test.slow();
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
    expectOnly(consoleProblems, REFUSED);

    // The link confirms the address and asks to log in: it signs no one in by itself.
    const link = await mailboxLink(page, email, /Confirm your email/);
    await page.goto(link);
    await expect(page).toHaveURL(/\/login\?verified=1$/);
    await expect(
      page.getByRole("status").filter({ hasText: "email address is confirmed" }),
    ).toBeVisible();
    await logInAs(page, email, "correct-horse-1");
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

  test("a session that ended is sent from an in-app link to log in, and back to that page", async ({
    page,
    context,
  }) => {
    await logInAs(page, "customer@example.com", "customer-password-1");
    // The session ends elsewhere (signed out on another device, or expired).
    await context.clearCookies();
    const dataRequests: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith(".data")) dataRequests.push(url.pathname);
    });
    await page
      .getByRole("navigation", { name: "Account" })
      .getByRole("link", { name: "Orders" })
      .click();
    // The guard answers the navigation's data request: the way back is the page's own address,
    // not the data request's (`/dashboard/orders.data?_routes=…`).
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Forders$/);
    expect(dataRequests).toContain("/dashboard/orders.data");
  });

  test("a wrong password and an unknown email get the same answer", async ({
    page,
    consoleProblems,
  }) => {
    // A sign-up through the mailbox, a log-out and two refused log-ins: about 30 s on two busy cores.
    test.slow();
    const email = uniqueEmail("known");
    await signUpAndVerify(page, email);
    await logOut(page);
    await expectToast(page, "Logged out successfully!");

    await logIn(page, email, "wrong-password-1");
    await expectToast(page, "Sign in Failed", "Invalid email or password.");
    await logIn(page, uniqueEmail("nobody"), "wrong-password-1");
    await expectToast(page, "Sign in Failed", "Invalid email or password.");
    expectOnly(consoleProblems, REFUSED);
  });

  test("an address already registered cannot sign up again", async ({ page, consoleProblems }) => {
    const email = uniqueEmail("twice");
    await signUp(page, email);
    await expectToast(page, "Sign up successful!");
    await signUp(page, email);
    await expectToast(page, "Sign up Failed", "This email address is already in use.");
    expectOnly(consoleProblems, REFUSED);
  });

  test("a forgotten password is reset through the emailed link, which then stops working", async ({
    page,
  }) => {
    test.slow();
    const email = uniqueEmail("forgetful");
    await signUpAndVerify(page, email);
    await logOut(page);
    await expectToast(page, "Logged out successfully!");

    await gotoHydrated(page, "/login");
    await page.getByRole("button", { name: "Forgot Password" }).click();
    const dialog = page.getByRole("dialog", { name: "Forgot Password" });
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByRole("button", { name: "Send Reset Link" }).click();
    await expectToast(
      page,
      "Password Reset Email Sent",
      "Please check your email for a password reset link.",
    );
    await expect(dialog).toBeHidden();

    const link = await mailboxLink(page, email, /Reset your/);
    await page.goto(link);
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.getByLabel("New password").fill("brand-new-password-9");
    await page.getByRole("button", { name: "Set New Password" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();

    // The link works once.
    await page.goto(link);
    await expect(page.getByRole("alert")).toContainText("has expired or has already been used");
  });

  test("an unknown email gets the same reset answer (no account enumeration)", async ({ page }) => {
    await gotoHydrated(page, "/login");
    await page.getByRole("button", { name: "Forgot Password" }).click();
    const dialog = page.getByRole("dialog", { name: "Forgot Password" });
    await dialog.getByLabel("Email").fill(uniqueEmail("ghost"));
    await dialog.getByRole("button", { name: "Send Reset Link" }).click();
    await expectToast(page, "Password Reset Email Sent");
  });

  test("settings: change the password, then delete the account", async ({ page }) => {
    // A whole account's life in one test: sign-up, mailbox, two log-ins, deletion.
    test.slow();
    const email = uniqueEmail("settings");
    await signUpAndVerify(page, email);

    await page
      .getByRole("navigation", { name: "Account" })
      .getByRole("link", { name: "Settings" })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/settings$/);
    const main = page.getByRole("main");
    await main.getByLabel("Current password").fill("correct-horse-1");
    await main.getByLabel("New password").fill("changed-horse-2");
    await main.getByRole("button", { name: "Save Settings" }).click();
    await expectToast(page, "Settings Saved!");

    await logOut(page);
    await expectToast(page, "Logged out successfully!");
    await logIn(page, email, "changed-horse-2");
    await expectToast(page, "Login Successful!");
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

    await page.goto("/dashboard/settings");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await main.getByLabel("Password", { exact: true }).fill("changed-horse-2");
    await main.getByRole("checkbox").check();
    await main.getByRole("button", { name: "Delete My Account" }).click();
    await expectToast(page, "Account deleted");
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
  });

  test("the log-in page is accessible", async ({ page }) => {
    await gotoHydrated(page, "/login");
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("tab", { name: "Sign Up" }).click();
    await expectNoSeriousA11yViolations(page);
  });
});
