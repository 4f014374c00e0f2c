import type { BuiltServer } from "../../scripts/built-server";
import { logInAs, mailboxMessage, uniqueEmail } from "./account-fixtures";
import { ADMIN } from "./admin-fixtures";
import { expectToast } from "./cart-fixtures";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, pageOn, test } from "./fixtures";
import { startSeededServer } from "./seeded-shop";

// Back-in-stock alerts (docs/storefront.md#back-in-stock-alerts), on desktop and phone: the pen
// sells out (on a shop of this test's own: the others count the demo's stock), a guest and the
// demo customer ask to hear, the admin sees them waiting, and a unit back emails both (two per
// unit by default), once.

test.describe("back-in-stock alerts", () => {
  let server: BuiltServer;
  test.beforeAll(async () => {
    server = await startSeededServer({ LOG_LEVEL: "warn" });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  async function countPen(admin: import("@playwright/test").Page, counted: string) {
    await gotoHydrated(admin, "/dashboard/admin-products/prod3");
    const count = admin.getByRole("form", { name: "Count stock" });
    await count.getByLabel("Variant").selectOption({ label: "Single Pen" });
    await count.getByLabel("Units counted").fill(counted);
    await count.getByLabel("Reason").fill(counted === "0" ? "Sold out" : "Delivery");
    await count.getByRole("button", { name: "Save count" }).click();
    await expectToast(admin, "Stock updated");
  }

  test("a sold-out pen takes a guest's address and a customer's click, and a unit back emails them", async ({
    browser,
    viewport,
    isMobile,
    hasTouch,
  }) => {
    test.setTimeout(90_000);
    const open = () => pageOn(browser, server.url, { viewport, isMobile, hasTouch });
    const admin = await open();
    await logInAs(admin, ...ADMIN);
    await countPen(admin, "0");

    const guest = await open();
    const guestEmail = uniqueEmail("waiting");
    await gotoHydrated(guest, "/product/prod3");
    await expect(guest.getByText("Out of stock.")).toBeVisible();
    const form = guest.getByRole("region", {
      name: "Email me when Whitening Pen (Single Pen) is back",
    });
    await expectNoSeriousA11yViolations(guest);
    await form.getByRole("button", { name: "Email me when it's back" }).click();
    await expect(form.getByLabel("Email", { exact: true })).toBeFocused();
    await expectNoSeriousA11yViolations(guest);
    await form.getByLabel("Email", { exact: true }).fill(guestEmail);
    await form.getByRole("button", { name: "Notify me" }).click();
    await expectToast(guest, "We'll let you know", `We'll email ${guestEmail} once`);
    await expect(guest.getByRole("status").filter({ hasText: guestEmail })).toBeVisible();
    await expectNoSeriousA11yViolations(guest);
    // The twin pack is in stock: no alert offered there.
    await guest.getByRole("main").getByText("Twin Pack", { exact: true }).click();
    await expect(guest.getByRole("region", { name: /Email me when/ })).toHaveCount(0);

    const customer = await open();
    await logInAs(customer, "customer@example.com", "customer-password-1");
    await gotoHydrated(customer, "/product/prod3");
    const oneClick = customer.getByRole("region", { name: /Email me when Whitening Pen/ });
    await oneClick.getByRole("button", { name: "Email me when it's back" }).click();
    await expectToast(customer, "We'll let you know", "We'll email customer@example.com once");
    await expect(oneClick.getByRole("status")).toHaveText(
      "We'll email customer@example.com once, when it's back in stock.",
    );
    await expect(oneClick.getByLabel("Email", { exact: true })).toHaveCount(0);

    await gotoHydrated(admin, "/dashboard/admin-stock-alerts");
    const waiting = admin.getByRole("region", { name: "Whitening Pen (Single Pen)" });
    await expect(waiting).toContainText("2 waiting · Sold out");
    await expect(waiting.getByRole("listitem")).toHaveCount(2);
    await expect(waiting.getByRole("listitem").first()).toContainText(guestEmail);
    await expect(admin.getByLabel("Emails per unit back")).toHaveValue("2");
    await expectNoSeriousA11yViolations(admin);

    // One unit back: two emails, the guest's and the customer's.
    await countPen(admin, "1");
    const alert = await mailboxMessage(admin, guestEmail, /Back in stock: Whitening Pen/);
    await expect(alert).toContainText("Whitening Pen (Single Pen) is back in stock");
    await mailboxMessage(admin, "customer@example.com", /Back in stock: Whitening Pen/);
    await gotoHydrated(admin, "/dashboard/admin-stock-alerts");
    await expect(admin.getByText("Nobody is waiting for a product.")).toBeVisible();
    await expect(admin.getByRole("main")).toContainText("2 emailed in the last 30 days");
    for (const page of [admin, guest, customer]) await page.context().close();
  });
});
