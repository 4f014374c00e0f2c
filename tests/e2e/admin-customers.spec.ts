import { readFile } from "node:fs/promises";
import { logIn } from "./account-fixtures";
import { adminPage } from "./admin-fixtures";
import { expectToast, placePaidOrder } from "./cart-fixtures";
import { expect, expectNoSeriousA11yViolations, expectOnly, gotoHydrated, test } from "./fixtures";

// The admin's customers (docs/admin.md, Customers): a customer who just bought is found by email,
// their page shows the order; the admin adds a note, exports their data (asked first, a JSON
// file) and, at their request, erases them once their order has been sent: it stays, blanked.

test("the admin finds a customer, adds a note, exports their data and erases them", async ({
  page,
  browser,
  consoleProblems,
}) => {
  // A sign-up, a paid order, then the admin's screens: more than a default test's time.
  test.setTimeout(50_000);
  const { email, orderNumber, orderId } = await placePaidOrder(page, "privacy");
  const admin = await adminPage(browser, page);

  await gotoHydrated(admin, "/dashboard/admin-customers");
  await expect(admin.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  await admin.getByRole("search", { name: "Find customers" }).getByLabel("Search").fill(email);
  await admin.getByRole("button", { name: "Search" }).click();
  await expect(admin).toHaveURL(/\?q=/);
  const row = admin.getByTestId("admin-customer-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("1 order");
  await expect(row).toContainText("£71.98");
  await row.getByRole("link", { name: "Ada Lovelace" }).click();

  await expect(admin.getByRole("heading", { level: 1, name: "Ada Lovelace" })).toBeVisible();
  await admin.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await expect(admin.getByRole("link", { name: orderNumber })).toBeVisible();
  await expect(admin.getByText("1 Analytical Row London N1 1AA")).toBeVisible();
  await expectNoSeriousA11yViolations(admin);

  await admin.getByLabel("Note for the team").fill("Rang on Friday: wants a copy of her data.");
  await admin.getByRole("button", { name: "Save note" }).click();
  await expectToast(admin, "Note saved");
  await admin.reload();
  await expect(admin.getByLabel("Note for the team")).toHaveValue(
    "Rang on Friday: wants a copy of her data.",
  );
  const history = admin.getByRole("region", { name: "History" });
  await expect(history).toContainText("Note changed");
  await expect(history).toContainText("Demo Admin (admin)");

  await admin.getByRole("button", { name: "Export their data" }).click();
  const ask = admin.getByRole("alertdialog", {
    name: "Download everything the shop holds about Ada Lovelace?",
  });
  await expect(ask).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  const [download] = await Promise.all([
    admin.waitForEvent("download"),
    ask.getByRole("button", { name: "Download" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^customer-data-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile((await download.path()) ?? "", "utf8"));
  expect(exported.account.email).toBe(email);
  expect(exported.orders.map((order: { number: string }) => order.number)).toEqual([orderNumber]);
  expect(exported.shopNote.note).toBe("Rang on Friday: wants a copy of her data.");
  // The download was a navigation of its own: read the page afresh once it is over.
  const customerPage = admin.url();
  await expect(async () => {
    await admin.goto(customerPage);
    await expect(history).toContainText("Data exported", { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await admin.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

  // Paid and not yet sent, the order still needs its address: the erasure is refused, saying so.
  const erase = admin.getByRole("alertdialog", {
    name: "Erase Ada Lovelace and their personal data?",
  });
  await admin.getByRole("button", { name: "Erase customer" }).click();
  await erase.getByRole("button", { name: "Erase customer" }).click();
  await expectToast(
    admin,
    "Customer not erased",
    `This customer has an order paid but not yet sent (${orderNumber}): send or refund it first, then erase the account.`,
  );

  await gotoHydrated(admin, `/dashboard/admin-orders/${orderId}`);
  await admin
    .getByRole("form", { name: "Send the parcel" })
    .getByRole("button", { name: "Mark fulfilled" })
    .click();
  await expectToast(admin, "Order marked fulfilled");
  await gotoHydrated(admin, customerPage);
  await admin.getByRole("button", { name: "Erase customer" }).click();
  await erase.getByRole("button", { name: "Erase customer" }).click();
  await expectToast(admin, "Customer erased");
  await expect(admin).toHaveURL(/\/dashboard\/admin-customers$/);

  // The order stays for the accounts, without the person.
  await gotoHydrated(admin, `/dashboard/admin-orders/${orderId}`);
  const customer = admin.getByRole("region", { name: "Customer" });
  await expect(customer).toContainText("Deleted customer");
  await expect(customer).not.toContainText(email);
  // And the customer can no longer sign in.
  await page.context().clearCookies();
  await logIn(page, email, "correct-horse-1");
  await expectToast(page, "Sign in Failed", "Invalid email or password.");
  await expectOnly(consoleProblems, /status of 40[139]/);
  await admin.context().close();
});
