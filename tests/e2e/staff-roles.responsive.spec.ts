import { NO_ACCESS } from "../../common/auth/staff-access";
import { type BuiltServer, startBuiltServer } from "../../scripts/built-server";
import { logInAs } from "./account-fixtures";
import { ADMIN, openSection } from "./admin-fixtures";
import { expectToast } from "./cart-fixtures";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, isPhone, test } from "./fixtures";

// Staff roles in the browser (docs/admin.md#staff; decision record 071), on desktop and phone, on a
// shop of this test's own (an order is sent and roles change): the packer sees only the orders to
// send, packs one without a price in sight and is refused the rest; the manager runs the shop but
// not its settings; the owner changes a role, and it holds from the member's next page.

const PACKER = ["packer@example.com", "packer-password-1"] as const;
const MANAGER = ["manager@example.com", "manager-password-1"] as const;

let server: BuiltServer;
test.beforeAll(async () => {
  server = await startBuiltServer({ LOG_LEVEL: "warn" });
});
test.afterAll(async () => {
  await server?.stop();
});

async function menuLinks(page: import("@playwright/test").Page) {
  if (isPhone(page)) await page.getByRole("button", { name: "Admin menu" }).click();
  const links = page.getByRole("navigation", { name: "Admin" }).getByRole("link");
  const names = await links.allTextContents();
  if (isPhone(page)) await page.getByRole("button", { name: "Admin menu" }).click();
  return names.map((name) => name.trim());
}

test("the packer sends an order and is refused everything else", async ({
  browser,
  viewport,
  isMobile,
  hasTouch,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL: server.url, viewport, isMobile, hasTouch });
  const page = await context.newPage();
  await logInAs(page, ...PACKER);
  expect(await menuLinks(page)).toEqual(["Overview", "Orders"]);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Orders to send");
  await expectNoSeriousA11yViolations(page);

  await page
    .getByRole("link", { name: /^\d+ orders?$/ })
    .first()
    .click();
  await expect(page).toHaveURL(/admin-orders\?status=paid$/);
  const table = page.getByRole("region", { name: "Orders" });
  await expect(table.getByRole("columnheader", { name: /Total/ })).toHaveCount(0);
  await expect(table).not.toContainText("£");
  await expect(table).not.toContainText("@");
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await table.getByTestId("admin-order-row").first().getByRole("link").click();
  await expect(page.getByRole("heading", { level: 2, name: "To pack" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Ship to" })).toBeVisible();
  await expect(page.getByRole("main")).not.toContainText("£");
  await expect(page.getByRole("main")).not.toContainText("@");
  await expectNoSeriousA11yViolations(page);
  const orderUrl = new URL(page.url());

  // Refused before the action runs: a refund, posted as the order page's own form would be.
  const refund = await page.request.post(orderUrl.pathname, {
    form: { intent: "refund", status: "paid", amount: "1.00", reason: "" },
    headers: { Origin: server.url },
    maxRedirects: 0,
  });
  expect(refund.status()).toBe(403);

  await page.getByLabel("Carrier (optional)").fill("Royal Mail");
  await page.getByRole("button", { name: "Mark fulfilled" }).click();
  await expectToast(page, "Order marked fulfilled");
  await expect(page.getByRole("button", { name: "Mark delivered" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("Royal Mail");

  // A screen of another role's: said inside the admin's shell, with the way back.
  const refused = await page.goto("/dashboard/admin-products");
  expect(refused?.status()).toBe(403);
  await expect(page).toHaveURL(/\/dashboard\/no-access$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(NO_ACCESS);
  await expect(page.getByRole("link", { name: "Back to the overview" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await context.close();
});

test("the manager runs orders and products but not settings; the owner changes a role", async ({
  browser,
  viewport,
  isMobile,
  hasTouch,
}) => {
  test.setTimeout(90_000);
  const open = async () =>
    (await browser.newContext({ baseURL: server.url, viewport, isMobile, hasTouch })).newPage();
  const manager = await open();
  await logInAs(manager, ...MANAGER);
  const links = await menuLinks(manager);
  expect(links).toContain("Products");
  expect(links).toContain("Customers");
  expect(links).not.toContain("Settings");
  expect(links).not.toContain("Payments");
  await gotoHydrated(manager, "/dashboard/admin-products");
  await expect(manager.getByRole("heading", { level: 1 })).toHaveText("Products");
  const refused = await manager.goto("/dashboard/admin-settings");
  expect(refused?.status()).toBe(403);
  await expect(manager).toHaveURL(/\/dashboard\/no-access$/);
  await expect(manager.getByRole("heading", { level: 1 })).toHaveText(NO_ACCESS);

  const owner = await open();
  await logInAs(owner, ...ADMIN);
  await openSection(owner, "Settings");
  const staff = owner.getByRole("region", { name: "Staff" });
  await expect(staff).toContainText("You · Owner");
  await expectNoSeriousA11yViolations(owner);
  await staff.getByLabel("Role of Demo Packer", { exact: true }).selectOption("manager");
  await staff.getByRole("button", { name: "Change the role of Demo Packer" }).click();
  await expectToast(owner, "Role changed");

  // The packer's next page follows the new role.
  const packer = await open();
  await logInAs(packer, ...PACKER);
  expect(await menuLinks(packer)).toContain("Products");
  await expect(packer.getByRole("heading", { level: 1 })).toHaveText("Admin Overview");
});
