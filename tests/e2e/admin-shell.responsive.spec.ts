import { logInAs } from "./account-fixtures";
import { ADMIN, openSection } from "./admin-fixtures";
import { expect, expectNoSeriousA11yViolations, isPhone, test } from "./fixtures";

// The admin's own shell (docs/admin.md, The shell): none of the storefront's chrome around the
// tables, the whole width on a desktop, orders as stacked rows on a phone, and a way back to the
// shop, where the shop's chrome returns.

test.describe("admin shell", () => {
  test("the admin works in a shell of its own, and the shop is one link away", async ({ page }) => {
    await logInAs(page, ...ADMIN);
    const banner = page.getByRole("banner");
    await expect(banner.getByText("Admin", { exact: true })).toBeVisible();
    await expect(banner.getByRole("link", { name: "View shop" })).toBeVisible();
    // Nothing of the storefront: announcements, shop navigation, newsletter, chat, the cart.
    await expect(page.getByRole("region", { name: "Announcements" })).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Chat with us on WhatsApp" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Join our newsletter" })).toHaveCount(0);
    if (!isPhone(page)) {
      // The tables get the width: at 1280 px, beside the sidebar, the content is over 900 px wide
      // (832 in the storefront's column).
      const heading = page.getByRole("heading", { level: 1, name: "Admin Overview" });
      const content = heading.locator("xpath=ancestor::div[contains(@class,'min-w-0')][1]");
      expect((await content.boundingBox())?.width).toBeGreaterThan(900);
    }
    await expectNoSeriousA11yViolations(page);

    await openSection(page, "Orders");
    await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
    const rows = page.getByTestId("admin-order-row");
    await expect(rows.first()).toBeVisible();
    if (isPhone(page)) {
      // A stacked row shows the customer, the total and the status without scrolling sideways.
      const viewport = page.viewportSize()?.width ?? 390;
      const first = rows.first();
      for (const cell of [
        first.locator("td").nth(2),
        first.locator("td").nth(4),
        first.locator("td").nth(5),
      ]) {
        const box = await cell.boundingBox();
        expect(box, "a visible cell").not.toBeNull();
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(viewport);
      }
      await expect(first.locator("td").nth(4)).toHaveText(/^£[\d,]+\.\d\d$/);
      const region = page.getByRole("region", { name: "Orders" });
      expect(await region.evaluate((node) => node.scrollWidth - node.clientWidth)).toBe(0);
    }
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("banner").getByRole("link", { name: "View shop" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("region", { name: "Announcements" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });
});
