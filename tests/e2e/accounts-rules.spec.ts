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
import { expect, expectOnly, gotoHydrated, test } from "./fixtures";

// A refused log-in or sign-up answers 4xx, which the browser reports in the console; tests that
// provoke one expect exactly that.
const REFUSED = /status of 40[139]/;

// The accounts' rules in the browser: the same answer for a wrong password and an unknown email,
// a registered address refused at sign-up, a forgotten password reset through its one-time link,
// and the settings' password change and account deletion. Each test uses its own address.

test.describe("accounts: refusals, resets and settings", () => {
  test("a wrong password and an unknown email get the same answer", async ({
    page,
    consoleProblems,
  }) => {
    const email = uniqueEmail("known");
    await signUpAndVerify(page, email);
    await logOut(page);
    await expectToast(page, "Logged out successfully!");

    await logIn(page, email, "wrong-password-1");
    await expectToast(page, "Sign in Failed", "Invalid email or password.");
    await logIn(page, uniqueEmail("nobody"), "wrong-password-1");
    await expectToast(page, "Sign in Failed", "Invalid email or password.");
    await expectOnly(consoleProblems, REFUSED);
  });

  test("an address already registered cannot sign up again", async ({ page, consoleProblems }) => {
    const email = uniqueEmail("twice");
    await signUp(page, email);
    await expectToast(page, "Sign up successful!");
    await signUp(page, email);
    await expectToast(page, "Sign up Failed", "This email address is already in use.");
    await expectOnly(consoleProblems, REFUSED);
  });

  test("a forgotten password is reset through the emailed link, which then stops working", async ({
    page,
  }) => {
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
    await main
      .getByRole("form", { name: "Delete account" })
      .getByLabel("Password", { exact: true })
      .fill("changed-horse-2");
    await main.getByRole("checkbox").check();
    await main.getByRole("button", { name: "Delete My Account" }).click();
    await expectToast(page, "Account deleted");
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
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
});
