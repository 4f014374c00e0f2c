import { readFile } from "node:fs/promises";
import type { Download, Page } from "@playwright/test";
import { pdfPages } from "../pdf-text";
import { logInAs } from "./account-fixtures";
import { ADMIN } from "./admin-fixtures";
import { placePaidOrder } from "./cart-fixtures";
import { expect, gotoHydrated, test } from "./fixtures";

// The admin's printed documents (docs/admin.md, Orders): an order's VAT invoice, every invoice of
// a range of days in one PDF, and the packing slips of the orders to fulfil.

async function pdfOf(page: Page, click: () => Promise<void>): Promise<[Download, string]> {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  const [first] = await pdfPages(await readFile((await download.path()) ?? ""));
  return [download, first ?? ""];
}

test("the admin downloads an order's invoice, a day's invoices and the packing slips", async ({
  page,
  browser,
}) => {
  const { orderId, orderNumber } = await placePaidOrder(page, "documents");
  const admin = await (await browser.newContext({ baseURL: new URL(page.url()).origin })).newPage();
  await logInAs(admin, ...ADMIN);

  await gotoHydrated(admin, `/dashboard/admin-orders/${orderId}`);
  const link = admin.getByRole("link", { name: /^VAT invoice INV-\d{6}$/ });
  const [, invoice] = await pdfOf(admin, () => link.click());
  expect(invoice).toContain(orderNumber);
  expect(invoice).toContain("Total (VAT included) £71.98");

  await gotoHydrated(admin, "/dashboard/admin-orders");
  const filters = admin.getByRole("search", { name: "Filter orders" });
  await expect(filters).toContainText("Choose From and To for those days' invoices as one PDF.");
  const today = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London" }).format(new Date());
  await filters.getByLabel("From").fill(today);
  await filters.getByLabel("To").fill(today);
  await filters.getByRole("button", { name: "Apply" }).click();
  const [bulk, first] = await pdfOf(admin, () =>
    filters.getByRole("link", { name: "Invoices for these days" }).click(),
  );
  expect(bulk.suggestedFilename()).toMatch(
    /^invoices-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.pdf$/,
  );
  expect(first).toContain("VAT invoice");

  const [, slips] = await pdfOf(admin, () =>
    filters.getByRole("link", { name: "Packing slips to print" }).click(),
  );
  expect(slips).toContain("Packing slip");
  expect(slips).not.toContain("£");
  await admin.context().close();
});
