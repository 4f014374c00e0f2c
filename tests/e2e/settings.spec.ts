import { type BuiltServer, startBuiltServer } from "../../scripts/built-server";
import { logInAs, signUpAndVerify, uniqueEmail } from "./account-fixtures";
import { expectToast, storeCart, toothpaste } from "./cart-fixtures";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from "./fixtures";

// The shop's settings (server/settings/shop-settings.ts) reach every page that states them: a
// shop with its own name, hours, threshold and discount says so everywhere, and nowhere the
// defaults (£50, 10%, the product's hours).

test.describe("shop settings", () => {
  // In order: the second test changes the settings the first one reads.
  test.describe.configure({ mode: "serial" });
  let server: BuiltServer;

  test.beforeAll(async () => {
    server = await startBuiltServer({
      LOG_LEVEL: "warn",
      SHOP_NAME: "Brightly",
      SUPPORT_HOURS: "Mon-Sat 8am-6pm GMT",
      FREE_SHIPPING_OVER_PENCE: "3000",
      SHIPPING_FLAT_RATE_PENCE: "250",
      FIRST_ORDER_DISCOUNT_PERCENT: "15",
    });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("every page states the shop's own offers, hours and name", async ({ page }) => {
    const expectations: Array<[string, string[]]> = [
      [
        "/",
        [
          "Free shipping on orders over £30",
          "Get 15% off your first order",
          "On orders over £30",
          "Mon-Sat 8am-6pm GMT",
          "and £2.50 otherwise",
        ],
      ],
      ["/product/prod1", ["Free UK shipping on orders over £30."]],
      ["/shipping-returns", ["Free on orders over £30 (after any discount); £2.50 otherwise."]],
      ["/faq", ["Standard shipping is free on orders over £30."]],
      ["/terms-of-service", ["The 15% first-order discount applies once per customer"]],
      ["/contact", ["Mon-Sat 8am-6pm GMT"]],
    ];
    for (const [path, texts] of expectations) {
      await page.goto(`${server.url}${path}`);
      // All the text, collapsed answers too (the FAQ's), never the scripts' data.
      const body = await page.evaluate(() => {
        const copy = document.body.cloneNode(true) as HTMLElement;
        for (const script of copy.querySelectorAll("script, style")) script.remove();
        return (copy.textContent ?? "").replace(/\s+/g, " ");
      });
      for (const text of texts) expect(body, `${path} says "${text}"`).toContain(text);
      expect(body, `${path} keeps no default offer`).not.toMatch(/£50|10%|9am-5pm UK time/);
      await expect(page.getByRole("link", { name: /Brightly/ }).first()).toBeVisible();
    }
    const meta = await page.request.get(`${server.url}/store`);
    expect(await meta.text()).toContain("Free UK shipping over £30.");
    expect(server.output()).toContain("Brightly is running at");
  });

  test("the admin changes the offers: the storefront and checkout use them at once", async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: server.url });
    const admin = await context.newPage();
    await logInAs(admin, "admin@example.com", "admin-password-1");
    await gotoHydrated(admin, "/dashboard/admin-settings");
    const form = admin.getByRole("form", { name: "Shop" });
    await expect(form.getByLabel("Free shipping over (£)")).toHaveValue("30.00");
    await expectNoSeriousA11yViolations(admin);

    // A value outside its rule: refused, the reason beside the field, nothing saved.
    await form.getByLabel("First-order discount (%)").fill("90");
    await form.getByRole("button", { name: "Save Settings" }).click();
    await expectToast(admin, "Settings not saved", "The discount is 1% to 50%.");
    await expect(form.getByLabel("First-order discount (%)")).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await expect(form.getByText("The discount is 1% to 50%.")).toBeVisible();

    await form.getByLabel("First-order discount (%)").fill("15");
    await form.getByLabel("Free shipping over (£)").fill("10.00");
    await form.getByRole("button", { name: "Save Settings" }).click();
    await expectToast(admin, "Settings Saved!");

    // The home page was cached before the save: it is rendered again with the new offers.
    const shopper = await browser.newContext({ baseURL: server.url });
    const page = await shopper.newPage();
    await page.goto("/");
    const bar = page.getByRole("region", { name: "Announcements" });
    // The home page's announcements name the settings in braces: they follow.
    await expect(bar).toContainText("Free shipping on orders over £10");
    await expect(bar).toContainText("Get 15% off your first order");
    // A £14.99 first order: 15% off leaves £12.74, over £10 now: it ships free.
    await signUpAndVerify(page, uniqueEmail("threshold"));
    await storeCart(page, [toothpaste]);
    await gotoHydrated(page, "/checkout");
    const summary = page.getByRole("region", { name: "Order summary" });
    await expect(summary).toContainText("Free");
    await expect(page.getByTestId("checkout-total")).toHaveText("£12.74");
    await context.close();
    await shopper.close();
  });

  test("the checkout reminder, beside the abandoned checkouts, goes before unpaid orders are cancelled", async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: server.url });
    const admin = await context.newPage();
    await logInAs(admin, "admin@example.com", "admin-password-1");
    await gotoHydrated(admin, "/dashboard/admin-checkouts");
    const form = admin.getByRole("form", { name: "Checkout reminder" });
    const delay = form.getByLabel("Send it after (minutes)");
    const enabled = form.getByLabel("Send the reminder");
    await expect(delay).toHaveValue("20");

    // A delay past the 30-minute hold: refused beside its field, nothing saved.
    await enabled.check();
    await delay.fill("45");
    await form.getByRole("button", { name: "Save reminder" }).click();
    const refusal =
      "Send the reminder sooner than unpaid orders are cancelled (after 30 minutes): remind sooner, or hold them for longer in the settings.";
    await expectToast(admin, "Settings not saved", refusal);
    await expect(form.getByText(refusal)).toBeVisible();
    await expect(delay).toHaveAttribute("aria-invalid", "true");
    await expectNoSeriousA11yViolations(admin);
    await gotoHydrated(admin, "/dashboard/admin-checkouts");
    await expect(enabled).not.toBeChecked();

    // On with its defaults: the whole save is the tick.
    await enabled.check();
    await form.getByRole("button", { name: "Save reminder" }).click();
    await expectToast(admin, "Settings Saved!");
    await gotoHydrated(admin, "/dashboard/admin-checkouts");
    await expect(enabled).toBeChecked();
    await expect(delay).toHaveValue("20");

    // The settings' hold, now bound by the reminder, is refused below it on its own field.
    await gotoHydrated(admin, "/dashboard/admin-settings");
    const settings = admin.getByRole("form", { name: "Shop" });
    await settings.getByLabel("Hold unpaid orders for (minutes)").fill("15");
    await settings.getByRole("button", { name: "Save Settings" }).click();
    await expectToast(
      admin,
      "Settings not saved",
      "Hold unpaid orders for longer than the checkout reminder's delay (20 minutes), or remind sooner.",
    );
    await expect(settings.getByLabel("Hold unpaid orders for (minutes)")).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await context.close();
  });
});
