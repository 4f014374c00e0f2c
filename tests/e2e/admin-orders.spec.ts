import { logInAs } from "./account-fixtures";
import { ADMIN, adminPage } from "./admin-fixtures";
import { expectToast, placePaidOrder } from "./cart-fixtures";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from "./fixtures";

// The admin's order actions and admins, on the demo shop's past orders: an order followed from
// paid to delivered with the customer's email, a refund in part and in full, the CSV export, a
// paid order cancelled, and inviting an admin. Each order is placed by its own new customer. The
// rules are the server's; the admin's screens on a phone are checked in admin.responsive.spec.ts.

test.describe("admin dashboard: orders and admins", () => {
  test("an order from paid to fulfilled (the customer emailed) to delivered", async ({
    page,
    browser,
  }) => {
    test.setTimeout(40_000);
    const { email, orderId, orderNumber } = await placePaidOrder(page, "admin-buyer");
    const admin = await adminPage(browser, page);
    await gotoHydrated(admin, "/dashboard/admin-orders");
    const filters = admin.getByRole("search", { name: "Filter orders" });
    await filters.getByLabel("Search").fill(email);
    await filters.getByLabel("Status").selectOption("paid");
    await filters.getByRole("button", { name: "Apply" }).click();
    await expect(admin).toHaveURL(/q=.*status=paid/);
    await expect(admin.getByText("1 order match.")).toBeVisible();
    await admin.getByRole("link", { name: orderNumber }).click();
    await expect(admin).toHaveURL(new RegExp(`/dashboard/admin-orders/${orderId}$`));
    await admin.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const items = admin.getByRole("region", { name: "Items" });
    await expect(items).toContainText("2 × Whitening Toothpaste (3 x 75 ml)");
    await expect(items).toContainText("First-order discount");
    await expect(items).toContainText("£71.98");
    await expect(admin.getByRole("region", { name: "Customer" })).toContainText(email);
    await expectNoSeriousA11yViolations(admin);

    // Delivering before sending is not offered; the server refuses it too.
    await expect(admin.getByRole("button", { name: "Mark delivered" })).toHaveCount(0);
    const parcel = admin.getByRole("form", { name: "Send the parcel" });
    await parcel.getByLabel("Carrier (optional)").fill("Royal Mail");
    await parcel.getByLabel("Tracking number (optional)").fill("RM123456785GB");
    // By keyboard: once the order moves on and its form goes, the focus is back in the actions,
    // not at the top of the page, and Tab carries on from there.
    await parcel.getByRole("button", { name: "Mark fulfilled" }).focus();
    await admin.keyboard.press("Enter");
    await expectToast(admin, "Order marked fulfilled");
    await expect(admin.getByRole("region", { name: "Actions" })).toBeFocused();
    await admin.keyboard.press("Tab");
    await expect(admin.getByRole("region", { name: "Actions" }).locator(":focus")).toHaveCount(1);
    await expect(admin.getByText("Shipped", { exact: true }).first()).toBeVisible();
    await expect(admin.getByRole("region", { name: "Customer" })).toContainText(
      "Royal Mail · RM123456785GB",
    );

    // The customer's email, through the outbox.
    const shipped = page
      .getByRole("article")
      .filter({ hasText: email })
      .filter({
        has: page.getByRole("heading", { name: `Your Gleam order ${orderNumber} has shipped` }),
      });
    await expect(async () => {
      await page.goto("/dev/mailbox");
      await expect(shipped).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 10_000 });
    await expect(shipped).toContainText("Royal Mail, tracking number RM123456785GB");

    // The customer's own order page: the carrier, a link to follow the parcel, and its history.
    await gotoHydrated(page, "/dashboard/orders");
    await page.getByRole("link", { name: `Order ${orderNumber}` }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${orderId}$`));
    const delivery = page.getByRole("region", { name: "Delivery" });
    await expect(delivery).toContainText("On its way.");
    await expect(delivery).toContainText("RM123456785GB");
    await expect(
      delivery.getByRole("link", { name: /^Track your parcel with Royal Mail/ }),
    ).toHaveAttribute(
      "href",
      "https://www.royalmail.com/track-your-item#/tracking-results/RM123456785GB",
    );
    const steps = page.getByRole("region", { name: "History" }).getByRole("listitem");
    await expect(steps).toHaveText([/^Order placed/, /^Payment received/, /^Shipped/]);
    await expect(page.getByRole("region", { name: "Items" })).toContainText(
      "Paid with the card ending 4242.",
    );
    await expectNoSeriousA11yViolations(page);

    await admin.getByRole("button", { name: "Mark delivered" }).click();
    await expectToast(admin, "Order marked delivered");
    const history = admin.getByRole("region", { name: "History" });
    for (const step of [
      "Order placed",
      "Payment received",
      "Marked fulfilled",
      "Marked delivered",
    ]) {
      await expect(history).toContainText(step);
    }
    await expect(history).toContainText("Demo Admin (admin)");
    await admin.context().close();
  });

  test("the orders' dates are typed and shown day first, whatever the browser's language", async ({
    browser,
    baseURL,
  }) => {
    // An American browser: a native date input would show it mm/dd/yyyy.
    const context = await browser.newContext({
      baseURL,
      locale: "en-US",
      viewport: { width: 1280, height: 800 },
    });
    const admin = await context.newPage();
    await logInAs(admin, ...ADMIN);
    await gotoHydrated(admin, "/dashboard/admin-orders?from=2026-11-01");
    const filters = admin.getByRole("search", { name: "Filter orders" });
    await expect(filters.getByLabel("From")).toHaveValue("01/11/2026");
    await expect(filters.getByText("dd/mm/yyyy").first()).toBeVisible();

    // A day that is not one is said beside its field, and what was typed stays to correct.
    await filters.getByLabel("To").fill("31/02/2026");
    await filters.getByRole("button", { name: "Apply" }).click();
    const to = filters.getByLabel("To");
    await expect(to).toHaveAttribute("aria-invalid", "true");
    await expect(to).toHaveValue("31/02/2026");
    await expect(to).toHaveAccessibleDescription(
      "Enter a day as dd/mm/yyyy, for example 27/11/2026.",
    );
    await expectNoSeriousA11yViolations(admin);

    await to.fill("7/3/2099");
    await filters.getByRole("button", { name: "Apply" }).click();
    await expect(admin).toHaveURL(/from=2026-11-01&to=2099-03-07/);
    await expect(filters.getByLabel("To")).toHaveValue("07/03/2099");
    await expect(filters.getByLabel("To")).not.toHaveAttribute("aria-invalid", "true");
    await context.close();
  });

  test("a refund in part, then in full; the CSV export with formula cells made inert", async ({
    page,
    browser,
  }) => {
    test.setTimeout(40_000);
    const { email, orderId, orderNumber } = await placePaidOrder(
      page,
      "admin-buyer",
      '=HYPERLINK("http://evil.example") Road',
    );
    const admin = await adminPage(browser, page);
    await gotoHydrated(admin, `/dashboard/admin-orders/${orderId}`);
    const refund = admin.getByRole("form", { name: "Refund" });
    // Nothing is refunded by default: the amount is typed.
    await expect(refund.getByLabel("Amount in pounds")).toHaveValue("");
    await refund.getByLabel("Amount in pounds").fill("80");
    await refund.getByRole("button", { name: "Refund" }).click();
    await expectToast(admin, "Order not updated", "Refund between £0.01 and £71.98.");
    await refund.getByLabel("Amount in pounds").fill("10.50");
    await refund.getByLabel("Reason (optional)").fill("Late delivery");
    await refund.getByRole("button", { name: "Refund" }).click();
    // It asks first, saying what will happen; going back changes nothing.
    const ask = admin.getByRole("alertdialog", { name: "Refund £10.50 to the customer's card?" });
    await expect(ask).toBeVisible();
    await expect(ask).toContainText("£61.48 of the order stays paid.");
    await expect(ask).toContainText("Nothing goes back in stock: the goods stay sold.");
    await expect(ask).toContainText("A refund of money only: no items or delivery.");
    await expect(ask.getByRole("button", { name: "Go back" })).toBeFocused();
    await expectNoSeriousA11yViolations(admin);
    await admin.keyboard.press("Escape");
    await expect(ask).toBeHidden();
    await expect(admin.getByRole("region", { name: "Items" })).not.toContainText("Refunded");
    await refund.getByRole("button", { name: "Refund" }).click();
    await ask.getByRole("button", { name: "Refund £10.50" }).click();
    await expectToast(admin, "Refund made");
    await expect(ask).toBeHidden();
    await expect(admin.getByRole("region", { name: "Items" })).toContainText("−£10.50");
    await expect(admin.getByRole("region", { name: "History" })).toContainText("Refunded in part");
    // Its status says it beside "Paid", on the order, in the admin's list and in the customer's.
    await expect(admin.getByText("Partially refunded £10.50")).toBeVisible();
    const list = await admin.context().newPage();
    // Found by its number as the customer would quote it.
    await gotoHydrated(list, `/dashboard/admin-orders?q=${encodeURIComponent(orderNumber)}`);
    await expect(list.getByText("1 order match.")).toBeVisible();
    await expect(
      list.getByRole("row").filter({ hasText: orderNumber }).getByText("Partially refunded £10.50"),
    ).toBeVisible();
    await list.close();
    await gotoHydrated(page, "/dashboard/orders");
    await expect(
      page
        .getByRole("article", { name: `Order ${orderNumber}` })
        .getByText("Partially refunded £10.50"),
    ).toBeVisible();
    // The customer is told, with the card's last digits.
    const told = page
      .getByRole("article")
      .filter({ hasText: email })
      .filter({
        has: page.getByRole("heading", {
          name: `A refund of £10.50 for your Gleam order ${orderNumber}`,
        }),
      });
    await expect(async () => {
      await page.goto("/dev/mailbox");
      await expect(told).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 10_000 });
    await expect(told).toContainText("We have refunded £10.50 to your card ending 4242");
    // The rest, for one unit (listed on its credit note), the remainder money only.
    await refund.getByLabel("Amount in pounds").fill("61.48");
    const refundedFor = refund.getByRole("group", { name: "Refunded for" });
    await expect(refundedFor).toContainText("Nothing chosen: a refund of money only.");
    await refundedFor.getByRole("textbox").first().fill("1");
    await expect(refundedFor).toContainText(/Chosen: £\d+\.\d\d( after the discount)?\./);
    const backInStock = refund.getByRole("group", { name: "Back in stock" });
    await backInStock.getByRole("textbox").first().fill("1");
    await refund.getByRole("button", { name: "Refund" }).click();
    const rest = admin.getByRole("alertdialog", { name: "Refund £61.48 to the customer's card?" });
    await expect(rest).toContainText("That is all that is left of the order: it becomes refunded.");
    await expect(rest).toContainText("Back in stock: 1 × Whitening Toothpaste (3 x 75 ml).");
    await expect(rest).toContainText(
      /Refunded for 1 × Whitening Toothpaste \(3 x 75 ml\), and £\d+\.\d\d of money only\./,
    );
    await rest.getByRole("button", { name: "Refund £61.48" }).click();
    await expectToast(admin, "Refund made");
    await expect(admin.getByText("Refunded", { exact: true }).first()).toBeVisible();
    await expect(
      admin.getByText("Nothing more can be done with an order that is refunded."),
    ).toBeVisible();

    const csv = await admin.request.get(
      `/dashboard/admin-orders/export?q=${encodeURIComponent(email)}`,
    );
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers()["content-disposition"]).toMatch(/^attachment; filename="orders-/);
    const body = (await csv.text()).replace(/^\uFEFF/, "").trim();
    // The address cell holds its lines (quoted): a record is what starts with an order number.
    const [header, ...lines] = body.split("\n");
    expect(header).toBe(
      "Order,Placed,Status,Customer,Email,Phone,Shipping address,Items,Subtotal,Discount,Shipping,VAT,Total,Refunded,Carrier,Tracking number,Order id",
    );
    expect(lines.filter((line) => /^GL-\d+,/.test(line))).toHaveLength(1);
    const record = lines.join("\n");
    expect(record).toMatch(new RegExp(`^GL-\\d+,[^]*,${orderId}$`));
    expect(record).toContain(",refunded,");
    expect(record).toContain(
      `"'=HYPERLINK(""http://evil.example"") Road\nLondon\nN1 1AA\nUnited Kingdom"`,
    );
    expect(record).toContain(",71.98,71.98,");
    // A date that is not one is refused, never taken for "every order".
    const badDate = await admin.request.get("/dashboard/admin-orders/export?from=0000-01-01");
    expect(badDate.status()).toBe(400);
    expect(await badDate.text()).toBe("Enter the from date as a day, YYYY-MM-DD.");
    await admin.context().close();
  });

  test("cancelling a paid order asks first with the amount, stays busy, and refunds it once", async ({
    page,
    browser,
  }) => {
    test.setTimeout(40_000);
    const { orderId, orderNumber } = await placePaidOrder(page, "cancel-buyer");
    const admin = await adminPage(browser, page);
    await gotoHydrated(admin, `/dashboard/admin-orders/${orderId}`);
    const cancel = admin.getByRole("form", { name: "Cancel" });
    await cancel.getByLabel("Reason (optional)").fill("Customer asked");
    await cancel.getByRole("button", { name: "Cancel order" }).click();
    const ask = admin.getByRole("alertdialog", {
      name: `Refund £71.98 to the customer's card and cancel order ${orderNumber}?`,
    });
    await expect(ask).toBeVisible();
    await expect(ask).toContainText("this cannot be undone");
    await expectNoSeriousA11yViolations(admin);
    // The answer is held back a moment: the dialog stays, busy, and a second click sends nothing.
    const posts: string[] = [];
    admin.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await admin.route(`**/dashboard/admin-orders/${orderId}*`, async (route) => {
      if (route.request().method() === "POST") await new Promise((done) => setTimeout(done, 1500));
      await route.continue();
    });
    await ask.getByRole("button", { name: "Refund £71.98 and cancel" }).click();
    const busy = ask.getByRole("button", { name: "Cancelling…" });
    await expect(busy).toHaveAttribute("aria-busy", "true");
    await expect(ask.getByRole("button", { name: "Keep the order" })).toBeDisabled();
    await busy.click({ force: true });
    await admin.keyboard.press("Escape");
    await expect(ask).toBeVisible();
    await expectToast(admin, "Order cancelled");
    expect(posts).toHaveLength(1);
    await expect(admin.getByText("Cancelled", { exact: true }).first()).toBeVisible();
    await expect(admin.getByRole("region", { name: "Items" })).toContainText("−£71.98");
    await expect(admin.getByRole("region", { name: "Payment" })).toContainText(
      "£71.98 · succeeded",
    );
    await expect(admin.getByRole("region", { name: "History" })).toContainText("Customer asked");
    await admin.context().close();
  });

  test("a customer cannot see or do anything of the admin's", async ({ page }) => {
    await logInAs(page, "customer@example.com", "customer-password-1");
    const origin = new URL(page.url()).origin;
    for (const path of [
      "/dashboard/analytics",
      "/dashboard/admin-products",
      "/dashboard/admin-settings",
      "/dashboard/admin-orders/demo-order-2",
      "/dashboard/admin-orders/export",
      "/dashboard/admin-customers",
      "/dashboard/admin-newsletter/export",
      "/dashboard/admin-checkouts",
      "/dashboard/admin-stock-alerts",
      "/dashboard/admin-campaigns",
      "/dashboard/admin-campaigns/new",
      "/dashboard/admin-gift-cards",
      "/dashboard/admin-gift-cards/any-card",
    ]) {
      const answer = await page.request.get(path, { maxRedirects: 0 });
      expect(answer.status(), path).toBe(302);
      expect(answer.headers().location, path).toBe("/dashboard");
    }
    const post = await page.request.post("/dashboard/admin-orders/demo-order-2", {
      form: { intent: "refund", amount: "", reason: "" },
      headers: { Origin: origin },
      maxRedirects: 0,
    });
    expect(post.status()).toBe(403);
    const promote = await page.request.post("/dashboard/admin-settings", {
      form: { intent: "promote", email: "customer@example.com" },
      headers: { Origin: origin },
      maxRedirects: 0,
    });
    expect(promote.status()).toBe(403);
    // Nor make money out of nothing.
    const issue = await page.request.post("/dashboard/admin-gift-cards", {
      form: { intent: "issue", amount: "500" },
      headers: { Origin: origin },
      maxRedirects: 0,
    });
    expect(issue.status()).toBe(403);
    // Nor take another customer's data, nor erase anyone.
    for (const path of [
      "/dashboard/admin-customers/any-id/export",
      "/dashboard/admin-customers/any-id",
    ]) {
      const refused = await page.request.post(path, {
        form: { intent: "erase" },
        headers: { Origin: origin },
        maxRedirects: 0,
      });
      expect(refused.status(), path).toBe(403);
    }
    await gotoHydrated(page, "/dashboard/orders");
    await expect(page.getByRole("main").getByRole("article").first()).toContainText("Paid");
  });
});
