import { logInAs } from "./account-fixtures";
import { ADMIN } from "./admin-fixtures";
import { expectToast } from "./cart-fixtures";
import { expect, expectNoSeriousA11yViolations, expectOnly, gotoHydrated, test } from "./fixtures";

// The admin's delivery methods (docs/admin.md, Delivery): a new method with its mistakes said beside
// the fields, then switched off, and the checkout following. The method's name is the run's own, so
// a retry never meets the last one's.

test("the admin creates a delivery method, fixes its mistakes and switches it off", async ({
  page,
  consoleProblems,
}) => {
  await logInAs(page, ...ADMIN);
  await gotoHydrated(page, "/dashboard/admin-delivery");
  await expect(page.getByRole("heading", { level: 1, name: "Delivery" })).toBeVisible();
  const standard = page.getByRole("form", { name: "Delivery method Standard delivery" });
  // The standard delivery is priced by the settings and cannot be switched off.
  await expect(standard).toContainText("£3.99, free over £50.00");
  await expect(standard.getByLabel("Price (£)")).toHaveCount(0);
  await expect(standard.getByLabel("Offered at checkout")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  const name = `Courier ${Date.now()}`;
  const fresh = page.getByRole("form", { name: "New delivery method" });
  await fresh.getByLabel("Name").fill(name);
  await fresh.getByLabel("Price (£)").fill("seven");
  await fresh.getByLabel("Soonest (working days)").fill("3");
  await fresh.getByLabel("Latest (working days)").fill("2");
  await fresh.getByRole("button", { name: "Create delivery method" }).click();
  await expectToast(page, "Delivery method not created");
  await expect(fresh.getByText("Enter the price in pounds, such as 5.99.")).toBeVisible();
  await expect(fresh.getByText("The latest day cannot come before the soonest.")).toBeVisible();
  await expect(fresh.getByLabel("Price (£)")).toHaveAttribute("aria-invalid", "true");
  // The refusal is a 400, which the browser logs.
  await expectOnly(consoleProblems, /status of 400/);
  await expectNoSeriousA11yViolations(page);

  await fresh.getByLabel("Price (£)").fill("7.50");
  await fresh.getByLabel("Latest (working days)").fill("4");
  await fresh.getByLabel("Position").fill("900");
  await fresh.getByRole("button", { name: "Create delivery method" }).click();
  await expectToast(page, "Delivery method created");
  const created = page.getByRole("form", { name: `Delivery method ${name}` });
  await expect(created).toContainText("Active · 3-4 working days");

  await created.getByLabel("Offered at checkout").uncheck();
  await created.getByRole("button", { name: "Save delivery method" }).click();
  await expectToast(page, "Delivery method saved");
  await expect(created).toContainText("Off · 3-4 working days");
});
