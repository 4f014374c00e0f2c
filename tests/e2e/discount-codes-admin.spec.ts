import { logInAs } from "./account-fixtures";
import { ADMIN } from "./admin-fixtures";
import { expectToast } from "./cart-fixtures";
import { expect, expectNoSeriousA11yViolations, expectOnly, gotoHydrated, test } from "./fixtures";

// The admin's discount codes (docs/admin.md, Discounts): a new code with its mistakes said beside
// the fields, then paused and edited. The code is the run's own, so a retry never meets the last.

test("the admin creates a discount code, pauses it and edits it", async ({
  page,
  consoleProblems,
}) => {
  await logInAs(page, ...ADMIN);
  await gotoHydrated(page, "/dashboard/admin-discounts");
  await expect(page.getByRole("heading", { level: 1, name: "Discounts" })).toBeVisible();
  await expect(page.getByRole("form", { name: "Discount code SMILE15" })).toContainText(
    "SMILE15 · 15% off",
  );
  await expectNoSeriousA11yViolations(page);

  const code = `SPRING${Date.now() % 1_000_000}`;
  const fresh = page.getByRole("form", { name: "New discount code" });
  await fresh.getByLabel("Code").fill(code.toLowerCase());
  await fresh.getByLabel("Amount").fill("150");
  await fresh.getByLabel("Last day (optional)").fill("31/02/2027");
  await fresh.getByRole("button", { name: "Create discount code" }).click();
  await expectToast(page, "Discount code not created");
  await expect(fresh.getByText("A percentage off is a whole number from 1 to 100.")).toBeVisible();
  await expect(
    fresh.getByText("Enter the last day as dd/mm/yyyy, such as 31/12/2026."),
  ).toBeVisible();
  await expect(fresh.getByLabel("Amount")).toHaveAttribute("aria-invalid", "true");
  await expectOnly(consoleProblems, /status of 400/);
  await expectNoSeriousA11yViolations(page);

  await fresh.getByLabel("Amount").fill("12");
  await fresh.getByLabel("Last day (optional)").fill("31/12/2027");
  await fresh.getByLabel("Uses in all (optional)").fill("100");
  await fresh.getByRole("button", { name: "Create discount code" }).click();
  await expectToast(page, "Discount code created");
  const created = page.getByRole("form", { name: `Discount code ${code}` });
  await expect(created).toContainText(`${code} · 12% off`);
  await expect(created.getByTestId("discount-usage")).toHaveText("Active · Used 0 of 100");
  await expect(created.getByLabel("Last day (optional)")).toHaveValue("31/12/2027");

  await created.getByLabel("Active").uncheck();
  await created.getByRole("button", { name: "Save discount code" }).click();
  await expectToast(page, "Discount code saved");
  await expect(created.getByTestId("discount-usage")).toHaveText("Paused · Used 0 of 100");

  await created.getByLabel("Takes off").selectOption({ label: "An amount (£)" });
  await created.getByLabel("Amount").fill("7.50");
  await created.getByLabel("Active").check();
  await created.getByRole("button", { name: "Save discount code" }).click();
  await expectToast(page, "Discount code saved");
  await expect(created).toContainText(`${code} · £7.50 off`);
  await expect(created.getByTestId("discount-usage")).toHaveText("Active · Used 0 of 100");

  // Its products are chosen by name, never typed as slugs: found as the admin types, chosen with
  // the keyboard, shown below with a way to take each off again.
  const picker = created.getByRole("combobox", { name: "Only these products (optional)" });
  await picker.fill("pEn");
  const match = created.getByRole("option", { name: /Whitening Pen/ });
  await expect(match).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await picker.press("Enter");
  const chosen = created.getByRole("list", { name: "Only these products (optional): chosen" });
  await expect(chosen.getByRole("listitem")).toHaveText(["Whitening Pen"]);
  await expect(picker).toHaveValue("");
  await picker.fill("no such product");
  await expect(created.getByText("No product's name holds “no such product”.")).toBeVisible();
  await picker.fill("");
  // Saved (its answer in, not only a toast: an earlier save's toast may still show), then read
  // again from the server.
  const save = async () => {
    const answered = page.waitForResponse(
      (response) =>
        response.request().method() === "POST" && response.url().includes("/admin-discounts"),
    );
    await created.getByRole("button", { name: "Save discount code" }).click();
    expect((await answered).status()).toBe(200);
    await expectToast(page, "Discount code saved");
    await gotoHydrated(page, "/dashboard/admin-discounts");
  };
  await save();
  await expect(chosen.getByRole("listitem")).toHaveText(["Whitening Pen"]);
  await chosen.getByRole("button", { name: "Remove Whitening Pen" }).click();
  await expect(created.getByText("None chosen: the code holds for any product.")).toBeVisible();
  await save();
  await expect(created.getByText("None chosen: the code holds for any product.")).toBeVisible();
});
