import { type BuiltServer, startBuiltServer } from "../../scripts/built-server";
import { expect, test } from "./fixtures";

// The shop's settings (server/settings/shop-settings.ts) reach every page that states them: a
// shop with its own name, hours, threshold and discount says so everywhere, and nowhere the
// defaults (£50, 10%, the seed's hours).

test.describe("shop settings", () => {
  test.describe.configure({ timeout: 90_000 });
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
      expect(body, `${path} keeps no default offer`).not.toMatch(/£50|10%|9am-5pm EST/);
      await expect(page.getByRole("link", { name: /Brightly/ }).first()).toBeVisible();
    }
    const meta = await page.request.get(`${server.url}/store`);
    expect(await meta.text()).toContain("Free UK shipping over £30.");
    expect(server.output()).toContain("Brightly is running at");
  });
});
