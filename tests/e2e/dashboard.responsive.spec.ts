import { logInAs } from "./account-fixtures";
import { expectToast } from "./cart-fixtures";
import { expect, expectNoSeriousA11yViolations, isPhone, test } from "./fixtures";

// The customer dashboard with the demo customer (seeded in demo mode with two past orders), and
// the admin's landing page, on desktop and phone (the header's dashboard link and the admin's menu
// differ). Who may open what is dashboard.spec.ts.

test.describe("customer dashboard", () => {
  test("overview, orders, details and an unknown section", async ({ page }) => {
    await logInAs(page, "customer@example.com", "customer-password-1");
    await expect(page.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
    // The header's dashboard icon is for wide screens; phones have the menu's Dashboard link.
    const headerDashboard = page.getByRole("banner").getByRole("link", { name: "Dashboard" });
    if (isPhone(page)) await expect(headerDashboard).toBeHidden();
    else await expect(headerDashboard).toBeVisible();
    await expect(page.getByTestId("order-count")).toHaveText("2");
    await expect(page.getByTestId("order-total")).toHaveText("£118.46");
    const recent = page.getByRole("main").getByRole("article");
    await expect(recent).toHaveCount(2);
    // Newest first.
    await expect(recent.first()).toContainText("Complete Smile Bundle");
    await expect(recent.first()).not.toContainText("Default");
    // Nothing wider than the screen (the section links scroll within their own row on phones).
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);

    const nav = page.getByRole("navigation", { name: "Account" });
    await nav.getByRole("link", { name: "Orders" }).click();
    await expect(page).toHaveURL(/\/dashboard\/orders$/);
    const orders = page.getByRole("main").getByRole("article");
    await expect(orders).toHaveCount(2);
    await expect(orders.nth(1)).toContainText("Whitening Strips (Single Kit)");
    await expect(orders.nth(1)).toContainText("Delivered");
    await expect(orders.nth(1)).toContainText("£53.47");

    await nav.getByRole("link", { name: "Details" }).click();
    await expect(page).toHaveURL(/\/dashboard\/details$/);
    const main = page.getByRole("main");
    await expect(main.getByLabel("Email")).toHaveValue("customer@example.com");
    await main.getByLabel("Full name").fill("Demo Customer Renamed");
    await main.getByLabel("Phone").fill("+44 7700 900456");
    await main.getByRole("button", { name: "Save Details" }).click();
    await expectToast(page, "Details Updated!");
    await page.reload();
    await expect(main.getByLabel("Full name")).toHaveValue("Demo Customer Renamed");
    await expect(main.getByLabel("Phone")).toHaveValue("+44 7700 900456");
    // Put it back for the other tests.
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await main.getByLabel("Full name").fill("Demo Customer");
    await main.getByRole("button", { name: "Save Details" }).click();
    await expectToast(page, "Details Updated!");

    await page.goto("/dashboard/no-such-section");
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("an admin lands on the admin overview, and opens every order from the admin's menu", async ({
    page,
  }) => {
    await logInAs(page, "admin@example.com", "admin-password-1");
    await expect(page.getByRole("heading", { level: 1, name: "Admin Overview" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Payments to refund" })).toBeVisible();
    const menu = page.getByRole("navigation", { name: "Admin" });
    await expect(menu.getByRole("link", { name: "Details" })).toHaveCount(0);
    // On a phone the admin's menu folds behind a button.
    if (isPhone(page)) await page.getByRole("button", { name: "Admin menu" }).click();
    await menu.getByRole("link", { name: "Orders" }).click();
    await expect(page).toHaveURL(/\/dashboard\/admin-orders$/);
    await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
    // The demo customer's two past orders are among them, with their customer and status.
    // (Found by its id too; the list shows the number people read.)
    await page.goto("/dashboard/admin-orders?q=demo-order-1");
    const table = page.getByRole("table", { name: "Orders" });
    const row = table.getByRole("row").filter({ hasText: "customer@example.com" });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Delivered");
    await expect(row.getByRole("link", { name: /^GL-\d+$/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
