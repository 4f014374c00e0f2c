import { mailboxMessage } from "./account-fixtures";
import { adminPage } from "./admin-fixtures";
import { expectToast, placePaidOrder } from "./cart-fixtures";
import { expect, expectNoSeriousA11yViolations, expectOnly, gotoHydrated, test } from "./fixtures";

// A return from the customer's order page to the refund (docs/storefront.md, Returns): asked for
// one of the two packs bought, approved with a note, received and refunded by the admin, the
// customer reading each state on their order page and getting an email at each step.

test("a customer requests a return and sees it approved, received and refunded", async ({
  page,
  browser,
  consoleProblems,
}) => {
  test.setTimeout(70_000);
  const { email, orderId } = await placePaidOrder(page, "returner");
  const admin = await adminPage(browser, page);
  const adminOrder = `/dashboard/admin-orders/${orderId}`;
  await gotoHydrated(admin, adminOrder);
  await admin.getByRole("button", { name: "Mark fulfilled" }).click();
  await expectToast(admin, "Order marked fulfilled");
  await admin.getByRole("button", { name: "Mark delivered" }).click();
  await expectToast(admin, "Order marked delivered");

  // The customer asks to return one of the two packs.
  const own = `/dashboard/orders/${orderId}`;
  await gotoHydrated(page, own);
  const returnsCard = page.getByRole("region", { name: "Returns" });
  await expect(returnsCard).toContainText("You can ask to return items until");
  await expectNoSeriousA11yViolations(page);
  const form = returnsCard.getByRole("form", { name: "Return items" });
  await form.getByRole("button", { name: "Request a return" }).click();
  // Nothing chosen: the browser asks for the reason first; with one, the shop asks for an item.
  await form.getByLabel("Reason").selectOption("Changed my mind");
  await form.getByRole("button", { name: "Request a return" }).click();
  await expectToast(page, "Return not requested", "Choose at least one item to return.");
  await expectOnly(consoleProblems, /status of 400/);
  await form.getByLabel("Whitening Toothpaste (3 x 75 ml)").selectOption("1");
  await form.getByLabel("Anything to add? (optional)").fill("Bought one too many.");
  await form.getByRole("button", { name: "Request a return" }).click();
  await expectToast(page, "Return requested");
  const request = returnsCard.getByTestId("order-return");
  await expect(request).toContainText("Requested");
  await expect(request).toContainText("1 × Whitening Toothpaste (3 x 75 ml)");
  await expect(returnsCard).toContainText("Your return request is open: we will answer it first.");
  const reference = (await request.locator(".font-mono").textContent()) ?? "";
  expect(reference).toMatch(/^R-\d+$/);
  await mailboxMessage(page, email, new RegExp(`Your return request ${reference}`));

  // The admin approves it with a note; the customer is told how to send it back.
  await gotoHydrated(admin, adminOrder);
  const adminReturns = admin.getByRole("region", { name: "Returns" });
  await expect(adminReturns).toContainText("Bought one too many.");
  await expectNoSeriousA11yViolations(admin);
  await adminReturns
    .getByLabel("Message to the customer (optional)")
    .fill("No problem: please send it unopened.");
  await adminReturns.getByRole("button", { name: "Approve return" }).click();
  await expectToast(admin, "Return approved");
  const approved = await mailboxMessage(
    page,
    email,
    new RegExp(`Your return ${reference} is approved`),
  );
  await expect(approved).toContainText(`with a note saying ${reference}`);
  await gotoHydrated(page, own);
  await expect(returnsCard.getByTestId("order-return")).toContainText("Approved");
  await expect(returnsCard).toContainText("How to send it back");
  await expect(returnsCard).toContainText("No problem: please send it unopened.");
  await expectNoSeriousA11yViolations(page);

  // The parcel is back: received and refunded for the item (its share of the discount off).
  await gotoHydrated(admin, adminOrder);
  await expect(adminReturns).toContainText("The items (£35.99)");
  await adminReturns.getByRole("button", { name: "Mark received and refund" }).click();
  const ask = admin.getByRole("alertdialog", { name: `Refund £35.99 for return ${reference}?` });
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: "Refund £35.99" }).click();
  await expectToast(admin, "Return received and refunded");
  await expect(admin.getByRole("region", { name: "History" })).toContainText("Return received");

  await gotoHydrated(page, own);
  const done = returnsCard.getByTestId("order-return");
  await expect(done).toContainText("Refunded");
  await expect(done).toContainText("£35.99 refunded.");
  await mailboxMessage(page, email, /A refund of £35\.99/);
  await admin.context().close();
});
