import { signUpAndVerify, uniqueEmail } from "./account-fixtures";
import { storeCart, toothpaste } from "./cart-fixtures";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from "./fixtures";

// Choosing how an order travels (docs/storefront.md, Checkout): each method's price for this cart
// and the day it should arrive, the summary following the choice, and the order keeping it.

test("a shopper picks express delivery, sees the estimate, pays and finds it on the order", async ({
  page,
}) => {
  await signUpAndVerify(page, uniqueEmail("express"));
  await storeCart(page, [toothpaste]);
  await gotoHydrated(page, "/checkout");

  const main = page.getByRole("main");
  const delivery = main.getByRole("group", { name: "Delivery" });
  const standard = delivery.getByRole("radio", { name: /Standard delivery/ });
  const express = delivery.getByRole("radio", { name: /Express delivery/ });
  await expect(standard).toBeChecked();
  await expect(delivery.getByRole("radio")).toHaveCount(3);
  // Each says its price for this cart and the day it should arrive.
  await expect(delivery.locator("label", { hasText: "Standard delivery" })).toContainText("£3.99");
  await expect(delivery.locator("label", { hasText: "Express delivery" })).toContainText("£5.99");
  await expect(delivery.locator("label", { hasText: "Express delivery" })).toContainText(
    /Arrives (Monday|Tuesday|Wednesday|Thursday|Friday) \d{1,2}/,
  );
  const summary = page.getByRole("region", { name: "Order summary" });
  // £14.99, 10% off a first order is £1.50: £13.49 and £3.99 standard delivery.
  await expect(page.getByTestId("checkout-total")).toHaveText("£17.48");

  await express.check();
  await expect(summary).toContainText("Shipping (Express delivery)");
  await expect(summary).toContainText("£5.99");
  await expect(page.getByTestId("checkout-total")).toHaveText("£19.48");
  const estimate =
    (
      await delivery
        .locator("label", { hasText: "Express delivery" })
        .getByTestId("delivery-estimate")
        .textContent()
    )?.replace("Arrives ", "") ?? "";
  await expect(page.getByTestId("summary-delivery")).toHaveText(`Estimated delivery: ${estimate}`);
  await expectNoSeriousA11yViolations(page);

  await main.getByLabel("Phone").fill("+44 7700 900123");
  await main.getByLabel("Shipping address").fill("1 Analytical Row");
  await main.getByLabel("Town or city").fill("London");
  await main.getByLabel("Postcode").fill("N1 1AA");
  await main.getByLabel("Card number").fill("4242 4242 4242 4242");
  await main.getByLabel("Expiry").fill("12 / 34");
  await main.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Pay £19.48" }).click();
  await expect(page).toHaveURL(/\/success\?order=/);
  const orderId = (await page.getByTestId("order-id").getAttribute("data-order-id")) ?? "";

  await gotoHydrated(page, `/dashboard/orders/${orderId}`);
  await expect(page.getByRole("main")).toContainText("Shipping (Express delivery)");
  await expect(page.getByTestId("order-delivery")).toHaveText(
    `Express delivery, estimated ${estimate}`,
  );
});
