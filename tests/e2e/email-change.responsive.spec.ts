import { EMAIL_CHANGE_GONE } from "../../common/auth/account-messages";
import {
  logInAs,
  mailboxLink,
  mailboxMessage,
  signUpAndVerify,
  uniqueEmail,
} from "./account-fixtures";
import { expectToast } from "./cart-fixtures";
import { expect, expectNoSeriousA11yViolations, expectOnly, gotoHydrated, test } from "./fixtures";

// A customer changes their email (docs/storefront.md#accounts-and-the-cart; decision record 073), on desktop and
// phone: asked from their settings with the password, confirmed through the link sent to the new
// address; the old address is told, the other browser's session ends, and the new address signs in.

test("a customer changes their email through a link sent to the new address", async ({
  page,
  browser,
  consoleProblems,
}) => {
  test.setTimeout(90_000);
  const old = uniqueEmail("old");
  const changed = uniqueEmail("new");
  await signUpAndVerify(page, old);
  // The same account signed in elsewhere: that session ends with the change.
  const elsewhere = await (
    await browser.newContext({ baseURL: new URL(page.url()).origin })
  ).newPage();
  await logInAs(elsewhere, old, "correct-horse-1");

  await gotoHydrated(page, "/dashboard/settings");
  const form = page.getByRole("form", { name: "Change email" });
  await expect(form).toContainText(`You sign in with ${old}.`);
  await form.getByLabel("New email").fill(changed);
  await form.getByLabel("Password").fill("not-my-password");
  await form.getByRole("button", { name: "Send the link" }).click();
  await expectToast(page, "Email not changed", "Your password is not correct.");
  await expectOnly(consoleProblems, /status of 400/);
  // An address with an account is answered as any other; its owner is told instead.
  await form.getByLabel("New email").fill("customer@example.com");
  await form.getByLabel("Password").fill("correct-horse-1");
  await form.getByRole("button", { name: "Send the link" }).click();
  await expectToast(page, "Check your new inbox");
  await expect(
    await mailboxMessage(page, "customer@example.com", /Your email address and Gleam/),
  ).toContainText("nothing was changed");
  await gotoHydrated(page, "/dashboard/settings");
  await form.getByLabel("New email").fill(changed);
  await form.getByLabel("Password").fill("correct-horse-1");
  await form.getByRole("button", { name: "Send the link" }).click();
  await expectToast(page, "Check your new inbox");
  await expectNoSeriousA11yViolations(page);

  const link = await mailboxLink(page, changed, /Confirm your new email/);
  await gotoHydrated(page, link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your new email");
  await expect(page.getByRole("main")).toContainText(changed);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Confirm my new email" }).click();
  await expectToast(page, "Email changed", `You now sign in with ${changed}.`);
  await expect(page).toHaveURL(/\/dashboard\/details$/);
  await expect(page.getByRole("textbox", { name: "Email", exact: true })).toHaveValue(changed);

  // Used once.
  await gotoHydrated(page, link);
  await expect(page.getByRole("alert")).toHaveText(EMAIL_CHANGE_GONE);
  // The old address is told; the other browser is logged out; the new address signs in.
  await expect(await mailboxMessage(page, old, /email address was changed/)).toContainText(
    `now signs in with ${changed}`,
  );
  await elsewhere.goto("/dashboard");
  await expect(elsewhere).toHaveURL(/\/login\?redirectTo=/);
  await logInAs(elsewhere, changed, "correct-horse-1");
});
