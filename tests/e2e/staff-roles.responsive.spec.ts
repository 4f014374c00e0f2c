import { INVITE_GONE } from "../../common/auth/account-messages";
import { NO_ACCESS } from "../../common/auth/staff-access";
import type { BuiltServer } from "../../scripts/built-server";
import { logInAs, mailboxLink, uniqueEmail } from "./account-fixtures";
import { ADMIN, openSection } from "./admin-fixtures";
import { expectToast } from "./cart-fixtures";
import {
  expect,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  isPhone,
  pageOn,
  test,
} from "./fixtures";
import { startSeededServer } from "./seeded-shop";

// Staff roles in the browser (docs/admin.md#staff; decision record 071), on desktop and phone, on a
// shop of this test's own (an order is sent and roles change): the packer sees only the orders to
// send, packs one without a price in sight and is refused the rest; the manager runs the shop but
// not its settings; the owner changes a role, and it holds from the member's next page; the owner
// invites by email, and the link is accepted once (decision record 072).

const PACKER = ["packer@example.com", "packer-password-1"] as const;
const MANAGER = ["manager@example.com", "manager-password-1"] as const;

let server: BuiltServer;
test.beforeAll(async () => {
  server = await startSeededServer({ LOG_LEVEL: "warn" });
});
test.afterAll(async () => {
  await server?.stop();
});

/** An emailed link on this shop's own address (its BASE_URL names localhost; the tests, 127.0.0.1). */
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

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
  const page = await pageOn(browser, server.url, { viewport, isMobile, hasTouch });
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

  // The search reads no emails for them: the demo customer's address finds none of her orders.
  await gotoHydrated(page, "/dashboard/admin-orders?q=customer%40example.com");
  await expect(page.getByText("0 orders match.")).toBeVisible();
  await gotoHydrated(page, "/dashboard/admin-orders?q=Demo+Customer");
  await expect(page.getByText(/^[1-9]\d* orders? match\.$/)).toBeVisible();
  await page.context().close();
});

test("the manager runs orders and products but not settings; the owner changes a role", async ({
  browser,
  viewport,
  isMobile,
  hasTouch,
}) => {
  test.setTimeout(90_000);
  const open = () => pageOn(browser, server.url, { viewport, isMobile, hasTouch });
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

test("the owner invites by email: a customer accepts, a newcomer sets a password", async ({
  browser,
  viewport,
  isMobile,
  hasTouch,
}) => {
  test.setTimeout(120_000);
  const open = () => pageOn(browser, server.url, { viewport, isMobile, hasTouch });
  const owner = await open();
  await logInAs(owner, ...ADMIN);
  await gotoHydrated(owner, "/dashboard/admin-settings");
  const staff = owner.getByRole("region", { name: "Staff" });
  const invite = async (email: string, role: string) => {
    // On a phone the last toast sits over the form's button; its timer stands still while the
    // pointer rests on it (where the last tap was), so it is closed as a person would.
    await expect(async () => {
      const close = owner.getByRole("button", { name: "Close toast" });
      if ((await close.count()) > 0) await close.first().click({ timeout: 1000 });
      await expect(owner.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 500 });
    }).toPass({ timeout: 10_000 });
    const form = staff.getByRole("form", { name: "Invite staff" });
    await form.getByLabel("Invite by email").fill(email);
    await form.getByLabel("Role", { exact: true }).selectOption(role);
    await form.getByRole("button", { name: "Send invitation" }).click();
    await expectToast(owner, "Invitation sent");
  };
  const waiting = staff.getByRole("list", { name: "Invitations waiting" });

  // An existing account: the demo customer, invited as a manager, accepts once logged in.
  await invite("customer@example.com", "manager");
  await expect(waiting).toContainText("customer@example.com");
  await expect(waiting).toContainText("Manager · Link works until");
  await expectNoSeriousA11yViolations(owner);
  await staff
    .getByRole("button", { name: "Send the invitation to customer@example.com again" })
    .click();
  await expectToast(owner, "Invitation sent again");
  const customer = await open();
  await logInAs(customer, "customer@example.com", "customer-password-1");
  // The second email's link: the first stopped working when it was sent again.
  const invitations = customer
    .getByRole("article")
    .filter({ hasText: "customer@example.com" })
    .filter({ has: customer.getByRole("heading", { name: /invited to run .+ as Manager/ }) });
  await expect(async () => {
    await customer.goto("/dev/mailbox");
    await expect(invitations).toHaveCount(2, { timeout: 500 });
  }).toPass({ timeout: 10_000 });
  const link = pathOf(
    await mailboxLink(customer, "customer@example.com", /invited to run .+ as Manager/),
  );
  await gotoHydrated(customer, link);
  await expect(customer.getByRole("heading", { level: 1 })).toHaveText("Join the staff");
  await expectNoSeriousA11yViolations(customer);
  await customer.getByRole("button", { name: "Accept the invitation" }).click();
  await expectToast(customer, "Welcome to the staff");
  await expect(customer.getByRole("heading", { level: 1 })).toHaveText("Admin Overview");
  // Used once: the link now says so.
  await gotoHydrated(customer, link);
  await expect(customer.getByRole("alert")).toHaveText(INVITE_GONE);

  // A newcomer: no account, so the link's page sets a password and signs them in.
  const newcomer = uniqueEmail("packer");
  await invite(newcomer, "fulfilment");
  const stranger = await open();
  await gotoHydrated(stranger, pathOf(await mailboxLink(stranger, newcomer, /invited to run/)));
  await expect(stranger.getByText("as Fulfilment")).toBeVisible();
  await stranger.getByLabel("Full name").fill("Pat Packer");
  await stranger.getByLabel("Choose a password").fill("packing-tape-42");
  await expectNoSeriousA11yViolations(stranger);
  await stranger.getByRole("button", { name: "Join the staff" }).click();
  await expectToast(stranger, "Welcome to the staff");
  await expect(stranger.getByRole("heading", { level: 1 })).toHaveText("Orders to send");

  // Withdrawn: its link no longer works.
  const withdrawn = uniqueEmail("nobody");
  await invite(withdrawn, "manager");
  await staff.getByRole("button", { name: `Withdraw the invitation to ${withdrawn}` }).click();
  await expectToast(owner, "Invitation withdrawn");
  await expect(waiting).toHaveCount(0);
  const late = await open();
  await gotoHydrated(late, pathOf(await mailboxLink(late, withdrawn, /invited to run/)));
  await expect(late.getByRole("alert")).toHaveText(INVITE_GONE);
});
