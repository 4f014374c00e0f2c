import { logInAs } from "./account-fixtures";
import { expect, gotoHydrated, test } from "./fixtures";

// The dashboard's rules, which the screen's size does not change: who may open what, a form
// from another site, and the shop around a customer's dashboard. The screens themselves, on a
// phone too, are dashboard.responsive.spec.ts and admin-shell.responsive.spec.ts.

test.describe("customer dashboard", () => {
  test("a customer's dashboard keeps the shop around it", async ({ page }) => {
    await logInAs(page, "customer@example.com", "customer-password-1");
    await expect(page.getByRole("region", { name: "Announcements" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page.getByRole("banner").getByText("Admin", { exact: true })).toHaveCount(0);
    await gotoHydrated(page, "/dashboard/orders");
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });

  test("a form posted from another site is refused and changes nothing", async ({ page }) => {
    await logInAs(page, "customer@example.com", "customer-password-1");
    const post = await page.request.post("/dashboard/details", {
      form: { intent: "details", fullName: "Forged Name", phone: "" },
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      maxRedirects: 0,
    });
    expect(post.status()).toBe(403);
    await gotoHydrated(page, "/dashboard/details");
    await expect(page.getByRole("main").getByLabel("Full name")).not.toHaveValue("Forged Name");
  });

  test("a customer who opens an admin page lands on their own overview; a guest logs in", async ({
    page,
  }) => {
    await page.goto("/dashboard/admin-orders");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Fadmin-orders$/);
    await logInAs(page, "customer@example.com", "customer-password-1");
    await page.goto("/dashboard/admin-orders");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Orders" })).toHaveCount(0);
  });

  test("every dashboard page and form sends a guest to log in first", async ({ page }) => {
    for (const path of ["/dashboard", "/dashboard/orders", "/dashboard/details"]) {
      await page.goto(path);
      const login = `/login?${new URLSearchParams({ redirectTo: path })}`;
      await expect(page).toHaveURL((url) => url.pathname + url.search === login);
    }
    const post = await page.request.post("/dashboard/details", {
      form: { intent: "details", fullName: "Intruder", phone: "" },
      headers: { Origin: new URL(page.url()).origin },
      maxRedirects: 0,
    });
    expect(post.status()).toBe(302);
    expect(post.headers().location).toMatch(/^\/login\?redirectTo=/);
  });
});
