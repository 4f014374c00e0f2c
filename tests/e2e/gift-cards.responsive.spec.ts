import type { Page } from "@playwright/test";
import { mailboxMessage, signUpAndVerify, uniqueEmail } from "./account-fixtures";
import { adminPage, openSection } from "./admin-fixtures";
import { expectToast, storeCart, toothpasteTriple } from "./cart-fixtures";
import { fillCard, fillDetails } from "./checkout-fixtures";
import { expect, expectNoSeriousA11yViolations, expectOnly, gotoHydrated, test } from "./fixtures";

// Gift cards (docs/admin.md#gift-cards, docs/storefront.md#gift-cards) on desktop and phone: the
// admin issues one, it is emailed to its recipient, and a shopper pays part of an order with it,
// or all of one with no card at all. A new customer's toothpaste (3 x 75 ml, £39.99) is £39.98
// with the first-order discount and standard delivery.

/**
 * The admin issues a card of `amount` pounds, reads its code where it is shown this once, and
 * opens the card's page, which shows only its last four.
 */
async function issueCard(admin: Page, amount: string, recipient?: string) {
  await openSection(admin, "Gift cards");
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Gift cards");
  const form = admin.getByRole("form", { name: "Issue a gift card" });
  await form.getByLabel("Amount (£)").fill(amount);
  if (recipient) {
    await form.getByLabel("Recipient's email (optional)").fill(recipient);
    await form.getByLabel("Recipient's name (optional)").fill("Grace");
    await form.getByLabel("From (optional)").fill("Ada");
    await form.getByLabel("Message (optional)").fill("Happy birthday, Grace!");
  }
  await form.getByRole("button", { name: "Issue gift card" }).click();
  const dialog = admin.getByRole("alertdialog");
  await expect(dialog).toContainText(`Issue a gift card of £${amount}?`);
  await dialog.getByRole("button", { name: "Issue gift card" }).click();
  const issued = admin.getByRole("region", { name: "Gift card issued" });
  await expect(issued).toContainText("it is not shown again");
  await expect(issued.getByRole("heading", { name: "Gift card issued" })).toBeFocused();
  const code = ((await issued.getByTestId("gift-card-code").textContent()) ?? "").trim();
  expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
  await expectNoSeriousA11yViolations(admin);
  await issued.getByRole("link", { name: "Open the card" }).click();
  await expect(admin).toHaveURL(/\/dashboard\/admin-gift-cards\/[\w-]+$/);
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText(
    `Gift card •••• ${code.slice(-4)}`,
  );
  await expect(admin.getByRole("main")).not.toContainText(code.slice(0, 9));
  return code;
}

async function applyCard(page: Page, code: string) {
  const field = page.getByRole("form", { name: "Gift card" });
  await field.getByRole("textbox", { name: "Gift card" }).fill(code);
  await field.getByRole("button", { name: "Apply" }).click();
}

test("the admin issues a card that is emailed, and it pays part of an order", async ({
  page,
  browser,
  consoleProblems,
}) => {
  await gotoHydrated(page, "/");
  const admin = await adminPage(browser, page);
  const recipient = uniqueEmail("grace");
  const code = await issueCard(admin, "10.00", recipient);
  const cardPage = admin.url();
  await expect(admin.getByTestId("gift-card-balance")).toHaveText("£10.00");
  await expect(admin.getByRole("main")).toContainText(`Grace, ${recipient}`);
  await expectNoSeriousA11yViolations(admin);

  // Its email, with the code and the message, to the recipient.
  const email = await mailboxMessage(admin, recipient, /Ada sent you a £10\.00 Gleam gift card/);
  await expect(email).toContainText(code);
  await expect(email).toContainText("Happy birthday, Grace!");

  const shopper = uniqueEmail("gift-spender");
  await signUpAndVerify(page, shopper);
  await storeCart(page, [toothpasteTriple]);
  await gotoHydrated(page, "/checkout");
  await fillDetails(page);
  await applyCard(page, "WRONG-CODE-0000-0000");
  await expect(page.getByRole("form", { name: "Gift card" }).getByRole("alert")).toHaveText(
    "This gift card code isn't valid. Please check it and try again.",
  );
  // The refusal is the API's 404, which the browser reports.
  await expectOnly(consoleProblems, /status of 404/);
  await applyCard(page, code.toLowerCase());
  const summary = page.getByRole("region", { name: "Order summary" });
  await expect(summary).toContainText(`Gift card •••• ${code.slice(-4)}−£10.00`);
  await expect(summary.getByTestId("checkout-charge")).toHaveText("£29.98");
  await expect(summary).toContainText("£10.00 balance, £0.00 left after this order");
  await expectNoSeriousA11yViolations(page);
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay £29.98" }).click();
  await expect(page).toHaveURL(/\/success/);

  await admin.goto(cardPage);
  await expect(admin.getByTestId("gift-card-balance")).toHaveText("£0.00");
  await expect(admin.getByTestId("gift-card-entry").first()).toContainText("Spent");
  await expect(admin.getByTestId("gift-card-entry").first()).toContainText("-£10.00");
  await admin.context().close();
});

test("a card that holds enough pays the whole order with no card", async ({ page, browser }) => {
  await gotoHydrated(page, "/");
  const admin = await adminPage(browser, page);
  const code = await issueCard(admin, "100");
  const cardPage = admin.url();
  await openSection(admin, "Gift cards");
  const row = admin.getByTestId("gift-card-row").filter({ hasText: `•••• ${code.slice(-4)}` });
  await expect(row).toContainText("£100.00");
  await expect(row).toContainText("Handed over");
  await expectNoSeriousA11yViolations(admin);

  await signUpAndVerify(page, uniqueEmail("gift-payer"));
  await storeCart(page, [toothpasteTriple]);
  await gotoHydrated(page, "/checkout");
  await fillDetails(page);
  await applyCard(page, code);
  await expect(page.getByRole("main")).toContainText(
    "Your gift card pays for the whole order: no card is needed.",
  );
  await expect(page.getByRole("main").getByLabel("Card number")).toHaveCount(0);
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/success/);
  await expect(page.getByRole("main")).toContainText("£39.98 · Paid · £39.98 paid by gift card");

  // Disabled, what is left pays for nothing.
  await admin.goto(cardPage);
  await expect(admin.getByTestId("gift-card-balance")).toHaveText("£60.02");
  await admin.getByRole("button", { name: "Disable gift card" }).click();
  await admin.getByRole("alertdialog").getByRole("button", { name: "Disable" }).click();
  await expectToast(admin, "Gift card disabled");
  await expect(admin.getByRole("button", { name: "Enable gift card" })).toBeVisible();
  await admin.context().close();
});

test("a shopper buys a gift card for someone, who is emailed it once it is paid", async ({
  page,
}) => {
  await signUpAndVerify(page, uniqueEmail("gift-buyer"));
  const recipient = uniqueEmail("gift-friend");
  await gotoHydrated(page, "/gift-cards");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Give a brighter smile");
  const form = page.getByRole("form", { name: "Buy a gift card" });
  await form.getByText("Other amount").click();
  await form.getByLabel("Your amount (£)").fill("2");
  await form.getByRole("button", { name: "Add to cart" }).click();
  await expect(form).toContainText("Choose a gift card of £5.00 to £500.00.");
  await expect(form).toContainText("Please enter the recipient's email address.");
  await expectNoSeriousA11yViolations(page);

  await form.getByLabel("Your amount (£)").fill("30");
  await form.getByLabel("Their email").fill(recipient);
  await form.getByLabel("From (optional)").fill("Ada");
  await form.getByLabel("Message (optional)").fill("For your birthday");
  await form.getByRole("button", { name: "Add to cart" }).click();
  await expectToast(page, "Added to Cart!", "Gift card has been added to your cart.");

  await gotoHydrated(page, "/checkout");
  const summary = page.getByRole("region", { name: "Order summary" });
  await expect(summary).toContainText(`£30.00, for ${recipient}`);
  // Money, not goods: no delivery, no VAT, no first-order discount.
  await expect(summary).not.toContainText("Shipping");
  await expect(summary).not.toContainText("Estimated delivery");
  await expect(page.getByRole("group", { name: "Delivery", exact: true })).toHaveCount(0);
  await expect(summary.getByTestId("checkout-total")).toHaveText("£30.00");
  await expect(summary).toContainText("Including VAT (20%)£0.00");
  await fillDetails(page);
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay £30.00" }).click();
  await expect(page).toHaveURL(/\/success/);

  const email = await mailboxMessage(page, recipient, /Ada sent you a £30\.00 Gleam gift card/);
  await expect(email).toContainText("For your birthday");
  await expect(email).toContainText(/[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/);
});
