import { logInAs, signUpAndVerify, uniqueEmail } from "./account-fixtures";
import {
  expectBadge,
  expectToast,
  putCart,
  storeCart,
  storedCart,
  toothpasteTriple,
} from "./cart-fixtures";
import { fillCard, fillDetails } from "./checkout-fixtures";
import {
  expect,
  expectNoSeriousA11yViolations,
  expectOnly,
  gotoHydrated,
  pageSettled,
  test,
} from "./fixtures";

// Checkout with the offline test provider: the address, a declined card, a changed total and the
// redirects (a new customer's first paid order, on both sizes, is checkout.responsive.spec.ts).
// Each paying test signs up its own customer.

test.describe("checkout", () => {
  test("a guest is sent to log in first, and comes back", async ({ page }) => {
    await page.goto("/checkout");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcheckout$/);
  });

  test("an empty cart goes back to the store", async ({ page }) => {
    await logInAs(page, "customer@example.com", "customer-password-1");
    await page.goto("/checkout");
    await expect(page).toHaveURL(/\/store$/);
  });

  test("checkout takes a UK address and remembers it, with the card's mistakes said beside it", async ({
    page,
  }) => {
    await signUpAndVerify(page, uniqueEmail("returning"));
    await storeCart(page, [{ ...toothpasteTriple, quantity: 2 }]);
    await gotoHydrated(page, "/checkout");
    const main = page.getByRole("main");
    // Nothing to sign up to or float over the card form; what a payer looks for beside Pay.
    await expect(page.getByRole("heading", { name: "Join our newsletter" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Chat with us on WhatsApp" })).toHaveCount(0);
    await expect(main.getByText("Secure checkout: your card details are encrypted")).toBeVisible();
    await expect(main.getByRole("link", { name: "Returns policy" })).toHaveAttribute(
      "href",
      "/shipping-returns",
    );
    await expect(main.getByText("Country: United Kingdom")).toBeVisible();

    await main.getByLabel("Phone").fill("+44 7700 900123");
    await main.getByLabel("Shipping address").fill("2 Lovelace Court");
    await main.getByLabel("Town or city").fill("Leeds");
    const postcode = main.getByLabel("Postcode");
    await postcode.fill("LS1 XYZ");
    await postcode.blur();
    await expect(postcode).toHaveAttribute("aria-invalid", "true");
    await expect(postcode).toHaveAccessibleDescription(
      "Please enter a valid UK postcode, for example SW1A 1AA.",
    );
    // Jersey is outside UK VAT, and outside where the shop delivers.
    await postcode.fill("JE2 3AB");
    await postcode.blur();
    await expect(postcode).toHaveAccessibleDescription(
      "We deliver to the UK mainland, Northern Ireland and the Isle of Man.",
    );
    await postcode.fill("LS1 XYZ");
    await postcode.blur();
    // The expiry takes its digits alone and writes them as a card shows them.
    const expiry = main.getByLabel("Expiry");
    await expiry.fill("1234");
    await expect(expiry).toHaveValue("12 / 34");
    await expiry.fill("1320");
    await expiry.blur();
    await expect(expiry).toHaveAccessibleDescription(
      "Your card's expiration date is invalid or in the past.",
    );
    await expectNoSeriousA11yViolations(page);
    // Pay is held back while the postcode is wrong: no order is made.
    await main.getByLabel("Card number").fill("4242424242424242");
    await expect(main.getByLabel("Card number")).toHaveValue("4242 4242 4242 4242");
    await expiry.fill("1234");
    await main.getByLabel("CVC").fill("123");
    await page.getByRole("button", { name: "Pay £71.98" }).click();
    await expect(page).toHaveURL(/\/checkout$/);

    await postcode.fill("ls1 4ap");
    await postcode.blur();
    await expect(postcode).toHaveValue("LS1 4AP");
    await expect(postcode).not.toHaveAttribute("aria-invalid", "true");
    await page.getByRole("button", { name: "Pay £71.98" }).click();
    await expect(page).toHaveURL(/\/success\?order=/);

    // Next time: the phone and the address are there, the address among the saved ones.
    // The success page empties the cart once hydrated: the next cart goes in after that.
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await expectBadge(page, 0);
    await pageSettled(page);
    await putCart(page, [{ ...toothpasteTriple, quantity: 1 }]);
    await gotoHydrated(page, "/checkout");
    await expect(main.getByLabel("Phone")).toHaveValue("+44 7700 900123");
    await expect(main.getByLabel("Saved addresses")).toHaveValue(/.+/);
    await expect(main.getByLabel("Shipping address")).toHaveValue("2 Lovelace Court");
    await expect(main.getByLabel("Town or city")).toHaveValue("Leeds");
    await expect(main.getByLabel("Postcode")).toHaveValue("LS1 4AP");
    await main.getByLabel("Saved addresses").selectOption({ label: "A new address" });
    await expect(main.getByLabel("Shipping address")).toHaveValue("");
    await expectNoSeriousA11yViolations(page);

    // The customer decides what the shop keeps: their details page lists it, with Remove.
    await gotoHydrated(page, "/dashboard/details");
    const saved = page.getByRole("region", { name: "Saved addresses" });
    await expect(saved).toContainText("2 Lovelace Court");
    await expect(saved).toContainText("LS1 4AP");
    await expectNoSeriousA11yViolations(page);
    await saved.getByRole("button", { name: "Remove 2 Lovelace Court, LS1 4AP" }).click();
    await expectToast(page, "Address removed");
    await expect(saved).toContainText("None yet.");
  });

  test("a declined card shows 'Payment Failed' beside the card and places no order; a success clears it", async ({
    page,
    consoleProblems,
  }) => {
    await signUpAndVerify(page, uniqueEmail("declined"));
    await storeCart(page, [toothpasteTriple]);
    await gotoHydrated(page, "/checkout");
    // A first order: £39.99 less £4.00, plus £3.99 shipping.
    await expect(page.getByTestId("checkout-total")).toHaveText("£39.98");
    await fillDetails(page);
    await fillCard(page, "4000 0000 0000 0002");
    await page.getByRole("button", { name: "Pay £39.98" }).click();
    await expectToast(page, "Payment Failed", "Your card was declined.");
    // Beside the card form too, announced, not only in a toast that goes away.
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(
      "Payment failed: Your card was declined.",
    );
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole("button", { name: "Pay £39.98" })).toBeEnabled();

    // Insufficient funds, same order: still no payment.
    await fillCard(page, "4000 0000 0000 9995");
    await page.getByRole("button", { name: "Pay £39.98" }).click();
    await expectToast(page, "Payment Failed", "Your card has insufficient funds.");

    await gotoHydrated(page, "/dashboard/orders");
    await expect(page.getByText("You haven't placed any orders yet.")).toBeVisible();

    // Declined, then paid at once with another card: the thank-you page carries no stale failure.
    await gotoHydrated(page, "/checkout");
    await fillDetails(page);
    await fillCard(page, "4000 0000 0000 0002");
    await page.getByRole("button", { name: "Pay £39.98" }).click();
    await expectToast(page, "Payment Failed", "Your card was declined.");
    await fillCard(page, "4242 4242 4242 4242");
    await page.getByRole("button", { name: "Pay £39.98" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Thank You" })).toBeVisible();
    // Gone within a second: the dismissal lands with the toaster's next render, which can follow
    // the new page's by a frame. Not longer: the toast closes by itself five seconds after it
    // showed, and that would pass for a stale failure left up.
    const failureToasts = page
      .locator('[data-sonner-toast]:not([data-removed="true"])')
      .filter({ hasText: "Payment Failed" });
    await expect(failureToasts).toHaveCount(0, { timeout: 1000 });
    await expectOnly(consoleProblems, /status of 402/);
  });

  test("the reminder's link brings an unpaid order's items back to the checkout", async ({
    page,
    consoleProblems,
  }) => {
    await signUpAndVerify(page, uniqueEmail("resume"));
    await storeCart(page, [toothpasteTriple]);
    await gotoHydrated(page, "/checkout");
    await fillDetails(page);
    await fillCard(page, "4000 0000 0000 0002");
    const started = page.waitForResponse((answer) =>
      answer.url().endsWith("/api/checkout/payment-intent"),
    );
    await page.getByRole("button", { name: "Pay £39.98" }).click();
    const { orderId } = (await (await started).json()) as { orderId: string };
    await expectToast(page, "Payment Failed", "Your card was declined.");
    // The cart gone (another device, a cleared browser): the link alone brings it back.
    await putCart(page, []);
    await gotoHydrated(page, `/checkout?resume=${orderId}`);
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByTestId("checkout-total")).toHaveText("£39.98");
    await expect(page.getByRole("main")).toContainText("Whitening Toothpaste");
    await expectOnly(consoleProblems, /status of 402/);
  });

  test("a total that changed under the page is refused, and the customer pays what they see", async ({
    page,
    consoleProblems,
  }) => {
    await signUpAndVerify(page, uniqueEmail("repriced"));
    await storeCart(page, [toothpasteTriple]);
    await gotoHydrated(page, "/checkout");
    await expect(page.getByTestId("checkout-total")).toHaveText("£39.98");
    await fillDetails(page);
    await fillCard(page, "4242 4242 4242 4242");
    // The page read its prices before the shop's changed (here: the page's total, stood in for
    // by the request it sends): the shop refuses, nothing is paid, the cart stays.
    await page.route("**/api/checkout/payment-intent", async (route) => {
      const body = route.request().postDataJSON() as Record<string, unknown>;
      await route.continue({ postData: JSON.stringify({ ...body, expectedTotalPence: 849 }) });
    });
    await page.getByRole("button", { name: "Pay £39.98" }).click();
    await expectToast(
      page,
      "Payment Failed",
      "The prices in your basket have changed. Please check your order total and try again.",
    );
    await expect(page).toHaveURL(/\/checkout$/);
    expect(await storedCart(page)).toHaveLength(1);
    await expectOnly(consoleProblems, /status of 409/);
    // With the total the page shows, it goes through.
    await page.unroute("**/api/checkout/payment-intent");
    await page.getByRole("button", { name: "Pay £39.98" }).click();
    await expect(page).toHaveURL(/\/success\?order=/);
  });
});
