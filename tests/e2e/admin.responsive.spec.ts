import { logInAs } from "./account-fixtures";
import { ADMIN, openSection } from "./admin-fixtures";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, isPhone, test } from "./fixtures";

// The admin's dashboard with the demo admin, on desktop and phone: every screen from the menu
// (folded behind a button on a phone), each checked with axe. What a customer may not see, the
// order actions and the admins, where the phone adds nothing to the server's rules, are in
// admin-orders.spec.ts.

test.describe("admin dashboard", () => {
  test("every admin screen opens from the menu, with no accessibility violation", async ({
    page,
  }) => {
    // Seventeen screens, each checked by axe.
    test.setTimeout(100_000);
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
      ["Gift cards", /\/dashboard\/admin-gift-cards$/, "Gift cards"],
      ["Reviews", /\/dashboard\/admin-reviews$/, "Reviews"],
      ["Abandoned checkouts", /\/dashboard\/admin-checkouts$/, "Abandoned checkouts"],
      ["Stock alerts", /\/dashboard\/admin-stock-alerts$/, "Back-in-stock alerts"],
      ["Newsletter", /\/dashboard\/admin-newsletter$/, "Newsletter"],
      ["Campaigns", /\/dashboard\/admin-campaigns$/, "Campaigns"],
      ["Blog", /\/dashboard\/admin-blog$/, "Blog"],
      ["Pages", /\/dashboard\/admin-pages$/, "Pages"],
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
    // The editors of the owner's words at this size: a new post, and the home page (its hero and
    // the announcement bar).
    for (const [path, heading] of [
      ["/dashboard/admin-blog/new", "New post"],
      ["/dashboard/admin-pages/home", "Home page"],
    ] as const) {
      await gotoHydrated(page, path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    }
    // Any other path under /dashboard is the overview.
    await page.goto("/dashboard/admin-nothing-here");
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
