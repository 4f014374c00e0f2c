import { signUpAndVerify, uniqueEmail } from "./account-fixtures";
import { adminPage, openSection } from "./admin-fixtures";
import { expectToast, storeCart, toothpasteTriple } from "./cart-fixtures";
import { fillCard, fillDetails } from "./checkout-fixtures";
import { expect, expectNoSeriousA11yViolations, expectOnly, gotoHydrated, test } from "./fixtures";

// The admin's abandoned checkouts (docs/admin.md#abandoned-checkouts) on desktop and phone: a
// customer leaves after a declined card, and the admin finds them there, beside the checkout
// reminder's settings.

test("a checkout left unpaid is listed, beside the reminder's settings", async ({
  page,
  browser,
  consoleProblems,
}) => {
  const email = uniqueEmail("left");
  await signUpAndVerify(page, email);
  await storeCart(page, [toothpasteTriple]);
  await gotoHydrated(page, "/checkout");
  await fillDetails(page);
  await fillCard(page, "4000 0000 0000 0002");
  await page.getByRole("button", { name: "Pay £39.98" }).click();
  await expectToast(page, "Payment Failed", "Your card was declined.");
  await expectOnly(consoleProblems, /status of 402/);

  const admin = await adminPage(browser, page);
  await openSection(admin, "Abandoned checkouts");
  await expect(admin).toHaveURL(/\/dashboard\/admin-checkouts$/);
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Abandoned checkouts");
  const row = admin.getByTestId("abandoned-checkout-row").filter({ hasText: email });
  await expect(row).toContainText("1 × Whitening Toothpaste (3 x 75 ml)");
  await expect(row).toContainText("£39.98");
  await expect(row).toContainText("Stock still held");
  await expect(row).toContainText("Not sent");
  await expect(row).toContainText("No");
  await expect(admin.getByTestId("abandoned-figures")).toContainText(/\d+ checkouts? worth £/);
  await expectNoSeriousA11yViolations(admin);

  // The reminder's settings beside the list (saved in settings.spec.ts, on a server of its own:
  // desktop and phone share this one).
  const form = admin.getByRole("form", { name: "Checkout reminder" });
  await expect(form.getByLabel("Send it after (minutes)")).toHaveValue("20");
  await expect(form.getByLabel("Send the reminder")).not.toBeChecked();
  await expect(form).toContainText("unpaid orders are held for 30 minutes");
  await admin.context().close();
});
