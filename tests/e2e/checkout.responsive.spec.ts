import { signUpAndVerify, uniqueEmail } from "./account-fixtures";
import { expectBadge, storeCart, storedCart, toothpasteTriple } from "./cart-fixtures";
import { fillCard, fillDetails } from "./checkout-fixtures";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, pageSettled, test } from "./fixtures";

// A new customer's first order (10% off) with the offline test provider, from the checkout to the
// dashboard and the mailbox, on the desktop and on a phone, where most shoppers pay.

test.describe("checkout", () => {
  test("pay with 4242: paid order, empty cart, the order in the dashboard and the mailbox", async ({
    page,
  }) => {
    const email = uniqueEmail("buyer");
    await signUpAndVerify(page, email);
    await storeCart(page, [{ ...toothpasteTriple, quantity: 2 }]);
    await gotoHydrated(page, "/checkout");

    const summary = page.getByRole("region", { name: "Order summary" });
    // 2 x £39.99 = £79.98; 10% off the first order is £8.00; £71.98 ships free.
    await expect(summary).toContainText("£79.98");
    await expect(summary).toContainText("First-order discount (10%)");
    await expect(summary).toContainText("−£8.00");
    await expect(summary).toContainText("Free");
    await expect(page.getByTestId("checkout-total")).toHaveText("£71.98");
    await expect(page.getByText("Test mode - no real payment")).toBeVisible();
    const main = page.getByRole("main");
    await expect(main.getByLabel("Full name")).toHaveValue("Ada Lovelace");
    await expect(main.getByLabel("Email")).toHaveValue(email);
    await expectNoSeriousA11yViolations(page);

    await fillDetails(page);
    await fillCard(page, "4242 4242 4242 4242");
    const pay = page.getByRole("button", { name: "Pay £71.98" });
    await pay.scrollIntoViewIfNeeded();
    // Every scroll on the confirmation page: it must open at its top in one jump, not glide up from
    // where the Pay button was. Smooth scrolling shows only without a reduced-motion preference
    // (the accessibility check above asked for one), and the checkout's own scroll events can
    // arrive a frame late, so only the scrolls seen on /success count.
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { scrolls: string[] }).scrolls = seen;
      window.addEventListener("scroll", () => seen.push(`${location.pathname} ${window.scrollY}`));
    });
    await pay.click();

    await expect(page).toHaveURL(/\/success\?order=/);
    await expect(page.getByRole("heading", { level: 1, name: "Thank You" })).toBeVisible();
    await pageSettled(page);
    const scrolls = await page.evaluate(() => (window as unknown as { scrolls: string[] }).scrolls);
    expect(
      scrolls.filter((seen) => seen.startsWith("/success") && !seen.endsWith(" 0")),
      `scroll positions ${scrolls.join(", ")}`,
    ).toEqual([]);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // A short number people can read; the id stays internal.
    const orderNumber = (await page.getByTestId("order-id").textContent()) ?? "";
    expect(orderNumber).toMatch(/^GL-\d{5,}$/);
    await expect(page.getByText("£71.98 · Paid")).toBeVisible();
    await expectBadge(page, 0);
    expect(await storedCart(page)).toEqual([]);

    await page.getByRole("link", { name: "View Your Orders" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const order = page.getByRole("article", { name: `Order ${orderNumber}` });
    await expect(order).toContainText("Paid");
    await expect(order).toContainText("£71.98");

    // The confirmation email, delivered in the background.
    const message = page
      .getByRole("article")
      .filter({ hasText: email })
      .filter({ has: page.getByRole("heading", { name: `Your Gleam order ${orderNumber}` }) });
    await expect(async () => {
      await page.goto("/dev/mailbox");
      await expect(message).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 10_000 });
    await expect(message).toContainText("1 Analytical Row");
  });
});
