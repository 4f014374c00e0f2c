import { logInAs } from "./account-fixtures";
import { ADMIN, openSection } from "./admin-fixtures";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, isPhone, test } from "./fixtures";

// The admin's dashboard with the demo admin, on desktop and phone: every screen from the menu, and
// what a customer may not see. The order actions and the admins, where the phone adds nothing to
// the server's rules, are in admin-orders.desktop.spec.ts.

test.describe("admin dashboard", () => {
  test("every admin screen opens from the menu, with no accessibility violation", async ({
    page,
  }) => {
    // Eight screens, each checked by axe: about a minute on this machine's two cores.
    test.setTimeout(180_000);
    await logInAs(page, ...ADMIN);
    await expect(page.getByRole("heading", { level: 1, name: "Admin Overview" })).toBeVisible();
    // The demo shop's past: figures, recent orders and products.
    await expect(page.getByTestId("revenue")).toHaveText(/^£[\d,]+\.\d\d$/);
    expect(
      Number((await page.getByTestId("order-count").textContent())?.replace(",", "")),
    ).toBeGreaterThan(200);
    await expect(page.getByRole("region", { name: "Recent orders" }).getByRole("row")).toHaveCount(
      6,
    );
    await expect(page.getByRole("region", { name: "Products" })).toContainText("Whitening Strips");
    const menu = page.getByRole("navigation", { name: "Admin" });
    if (isPhone(page)) {
      await expect(menu.getByRole("link", { name: "Analytics" })).toBeHidden();
    }
    await expectNoSeriousA11yViolations(page);

    const screens: [string, RegExp, string][] = [
      ["Analytics", /\/dashboard\/analytics$/, "Analytics"],
      ["Orders", /\/dashboard\/admin-orders$/, "Orders"],
      ["Customers", /\/dashboard\/admin-customers$/, "Customers"],
      ["Products", /\/dashboard\/admin-products$/, "Products"],
      ["Categories", /\/dashboard\/admin-categories$/, "Categories"],
      ["Delivery", /\/dashboard\/admin-delivery$/, "Delivery"],
      ["Discounts", /\/dashboard\/admin-discounts$/, "Discounts"],
      ["Reviews", /\/dashboard\/admin-reviews$/, "Reviews"],
      ["Newsletter", /\/dashboard\/admin-newsletter$/, "Newsletter"],
      ["Payments", /\/dashboard\/admin-payments$/, "Settings and payments"],
      ["Settings", /\/dashboard\/admin-settings$/, "Settings and payments"],
      ["Overview", /\/dashboard$/, "Admin Overview"],
    ];
    for (const [link, url, heading] of screens) {
      await openSection(page, link);
      await expect(page).toHaveURL(url);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      // The menu marks the screen open now, and only it.
      await expect(menu.locator('[aria-current="page"]')).toHaveText([link]);
      if (link === "Analytics") {
        // The chart draws in the browser; its figures are in the table too.
        const chart = page.getByTestId("revenue-chart");
        await expect(chart.locator("svg").first()).toBeVisible();
        // Each series named in a legend, in the brand's colours (coral is for sale and danger).
        await expect(chart.locator(".recharts-legend-item-text")).toHaveText(["Orders", "Revenue"]);
        await expect(chart.locator(".recharts-bar-rectangle path").first()).toHaveAttribute(
          "fill",
          "#0f766e",
        );
        await expect(chart.locator("path.recharts-line-curve")).toHaveAttribute(
          "stroke",
          "#0f172a",
        );
        // Each headline figure beside the previous period's.
        for (const figure of ["range-revenue", "range-orders", "new-customers"]) {
          await expect(page.getByTestId(`${figure}-change`)).toHaveText(/the previous 30 days$/);
        }
        await page.getByRole("link", { name: "7 days" }).click();
        await expect(page).toHaveURL(/\?range=7$/);
        await expect(page.getByTestId("range-revenue-change")).toHaveText(/the previous 7 days$/);
        await page.getByText("The figures as a table").click();
        await expect(
          page.getByRole("table", { name: "Revenue and orders per day" }).getByRole("row"),
        ).toHaveCount(8);
      }
      await expectNoSeriousA11yViolations(page);
    }
    // Any other path under /dashboard is the overview.
    await page.goto("/dashboard/admin-nothing-here");
    await expect(page).toHaveURL(/\/dashboard$/);
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
