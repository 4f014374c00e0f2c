import { readFile } from "node:fs/promises";
import { pdfPages } from "../pdf-text";
import { mailboxLink, signUpAndVerify, uniqueEmail } from "./account-fixtures";
import { openCart, storeCart, toothpaste } from "./cart-fixtures";
import { expect, expectNoSeriousA11yViolations, expectOnly, gotoHydrated, test } from "./fixtures";

// A discount code at checkout (docs/storefront.md, Checkout): a wrong one says why beside the
// field, a right one shows its saving in the summary, and the order keeps it. SMILE15 is one of
// the demo shop's codes (15% off, once per customer).

test("a shopper applies a code and picks express delivery, pays, and the order keeps both", async ({
  page,
  consoleProblems,
}) => {
  await signUpAndVerify(page, uniqueEmail("code"));
  await storeCart(page, [toothpaste]);
  await gotoHydrated(page, "/checkout");
  const summary = page.getByRole("region", { name: "Order summary" });
  const codeForm = summary.getByRole("form", { name: "Discount code" });

  await codeForm.getByLabel("Discount code").fill("nope");
  await codeForm.getByRole("button", { name: "Apply" }).click();
  await expect(codeForm.getByRole("alert")).toHaveText(
    "This code isn't valid. Please check it and try again.",
  );
  await expect(codeForm.getByLabel("Discount code")).toHaveAttribute("aria-invalid", "true");
  await expectOnly(consoleProblems, /status of 400/);
  await expectNoSeriousA11yViolations(page);

  // 15% off £14.99 is £2.25, more than the first order's 10% (£1.50): the code applies.
  await codeForm.getByLabel("Discount code").fill("smile15");
  await codeForm.getByRole("button", { name: "Apply" }).click();
  await expect(summary.getByText("Code SMILE15 applied")).toBeVisible();
  await expect(summary).toContainText("Code SMILE15 (15% off)");
  await expect(summary).toContainText("−£2.25");
  await expect(summary).not.toContainText("First-order discount");
  await page.getByRole("radio", { name: /Express delivery/ }).check();
  await expect(summary).toContainText("Shipping (Express delivery)");
  // £14.99 − £2.25 + £5.99.
  await expect(page.getByTestId("checkout-total")).toHaveText("£18.73");
  await expectNoSeriousA11yViolations(page);

  const main = page.getByRole("main");
  await main.getByLabel("Phone").fill("+44 7700 900123");
  await main.getByLabel("Shipping address").fill("1 Analytical Row");
  await main.getByLabel("Town or city").fill("London");
  await main.getByLabel("Postcode").fill("N1 1AA");
  await main.getByLabel("Card number").fill("4242 4242 4242 4242");
  await main.getByLabel("Expiry").fill("12 / 34");
  await main.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Pay £18.73" }).click();
  await expect(page).toHaveURL(/\/success\?order=/);
  await expect(page.getByText("£18.73 · Paid")).toBeVisible();
  const orderId = (await page.getByTestId("order-id").getAttribute("data-order-id")) ?? "";

  await gotoHydrated(page, `/dashboard/orders/${orderId}`);
  const items = page.getByRole("region", { name: "Items" });
  await expect(items).toContainText("Code SMILE15");
  await expect(items).toContainText("−£2.25");
  await expect(items).toContainText("Shipping (Express delivery)");

  // The VAT invoice, issued with the payment, says the same.
  const invoiceLink = items.getByRole("link", { name: /^VAT invoice INV-\d{6}$/ });
  const [download] = await Promise.all([page.waitForEvent("download"), invoiceLink.click()]);
  expect(download.suggestedFilename()).toMatch(/^INV-\d{6}\.pdf$/);
  const [invoice] = await pdfPages(await readFile((await download.path()) ?? ""));
  expect(invoice).toContain("VAT invoice");
  expect(invoice).toContain("Discount: code SMILE15");
  expect(invoice).toContain("Delivery: Express delivery");
  expect(invoice).toContain("Total (VAT included) £18.73");
});

test("a new shopper's cart and code, checked in the cart, survive signing up from the checkout", async ({
  page,
  consoleProblems,
}) => {
  const email = uniqueEmail("cart-code");
  await storeCart(page, [toothpaste]);
  await gotoHydrated(page, "/store");
  await openCart(page);
  const drawer = page.getByRole("dialog");
  const form = drawer.getByRole("form", { name: "Discount code" });
  // The shop checks a code before the cart says it will apply, as a guest too.
  await form.getByLabel("Discount code").fill("nosuchcode");
  await form.getByRole("button", { name: "Add" }).click();
  await expect(form.getByRole("alert")).toHaveText(
    "This code isn't valid. Please check it and try again.",
  );
  await form.getByLabel("Discount code").fill("freeship");
  await form.getByRole("button", { name: "Add" }).click();
  await expect(
    drawer.getByText("Code FREESHIP (free delivery): applied at checkout"),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expectOnly(consoleProblems, /status of 400/);

  // The checkout is behind a log-in: a new shopper signs up there...
  await drawer.getByRole("button", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcheckout$/);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await page.getByRole("tab", { name: "Sign Up" }).click();
  const panel = page.getByRole("tabpanel");
  await panel.getByLabel("Full name").fill("Ada Lovelace");
  await panel.getByLabel("Email").fill(email);
  await panel.getByLabel("Password").fill("correct-horse-1");
  await panel.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText("Please check your email to verify your account.")).toBeVisible();
  // ...confirms the address from the email, logs in, and is back at the checkout.
  const link = await mailboxLink(page, email, /Confirm your email/);
  await page.goto(link);
  await expect(page).toHaveURL(/\/login\?verified=1&redirectTo=%2Fcheckout$/);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  const logInPanel = page.getByRole("tabpanel");
  await logInPanel.getByLabel("Email").fill(email);
  await logInPanel.getByLabel("Password").fill("correct-horse-1");
  await logInPanel.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/checkout$/, { timeout: 15_000 });
  const summary = page.getByRole("region", { name: "Order summary" });
  // Free delivery (£3.99) saves more than 10% of £14.99 (£1.50): the code applies.
  await expect(summary.getByText("Code FREESHIP applied")).toBeVisible();
  await expect(summary).toContainText("Code FREESHIP (free delivery)");
  await expect(page.getByTestId("checkout-total")).toHaveText("£14.99");
});
