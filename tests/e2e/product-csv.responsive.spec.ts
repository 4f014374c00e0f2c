import { readFile } from "node:fs/promises";
import type { BuiltServer } from "../../scripts/built-server";
import { logInAs } from "./account-fixtures";
import { expectToast } from "./cart-fixtures";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from "./fixtures";
import { startSeededServer } from "./seeded-shop";

// The product CSV on a server of its own (docs/admin.md#product-csv): the admin exports the
// catalogue from the products list, then imports a Shopify file: a preview that names each
// problem by row and column first, then the corrected file imported.

const HEADER =
  "Handle,Title,Body (HTML),Type,Option1 Name,Option1 Value,Variant SKU,Variant Inventory Qty,Variant Price,Status";
const file = (rows: string[]) => ({
  name: "shopify-products.csv",
  mimeType: "text/csv",
  buffer: Buffer.from([HEADER, ...rows].join("\r\n")),
});

test.describe("the product CSV", () => {
  test.describe.configure({ timeout: 50_000 });
  let server: BuiltServer;

  test.beforeAll(async () => {
    server = await startSeededServer({ LOG_LEVEL: "warn" });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("export the catalogue, then preview and import a Shopify file", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: server.url, acceptDownloads: true });
    const page = await context.newPage();
    await logInAs(page, "admin@example.com", "admin-password-1");
    await gotoHydrated(page, "/dashboard/admin-products");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
    const exported = await readFile(await download.path(), "utf8");
    expect(exported.startsWith("\uFEFFHandle,Title,Body (HTML),Vendor,Type")).toBe(true);
    expect(exported).toContain("whitening-pen,Whitening Pen,");

    await page.getByRole("link", { name: "Import CSV" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Import products" })).toBeVisible();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const form = page.getByRole("form", { name: "Import products" });
    await form.getByRole("button", { name: "Preview" }).click();
    await expect(form.getByText("Choose a CSV file to import.")).toBeVisible();

    await form
      .getByLabel("CSV file")
      .setInputFiles(
        file([
          "floss-picks,Floss Picks,<p>Picks.</p>,Floss,Count,50,FP-50,100,3.50,draft",
          "floss-picks,,,,,100,FP-100,40,five,",
        ]),
      );
    await form.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByRole("region", { name: "Preview of shopify-products.csv" });
    await expect(preview.getByRole("alert")).toHaveText(
      "1 problem: nothing is imported until the file is corrected.",
    );
    await expect(preview.getByRole("table", { name: "Problems in the file" })).toContainText(
      "3Variant PriceEnter the price in pounds, such as 12.50.",
    );
    await expect(form.getByRole("button", { name: /^Import/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await form
      .getByLabel("CSV file")
      .setInputFiles(
        file([
          "floss-picks,Floss Picks,<p>Picks.</p>,Floss,Count,50,FP-50,100,3.50,draft",
          "floss-picks,,,,,100,FP-100,40,5.00,",
        ]),
      );
    await form.getByRole("button", { name: "Preview" }).click();
    await expect(preview).toContainText(
      "2 rows: 1 product to create and 0 products to update, with 2 new variants and 0 variants updated; 0 pictures to fetch. New categories: Floss.",
    );
    await expect(preview.getByRole("table", { name: "Products in the file" })).toContainText(
      "Floss Picks (floss-picks)",
    );
    await expectNoSeriousA11yViolations(page);
    await form.getByRole("button", { name: "Import 1 product" }).click();
    await expectToast(page, "Products imported", "1 product from shopify-products.csv.");
    await expect(page.getByRole("region", { name: "shopify-products.csv imported" })).toContainText(
      "1 product created, 0 products updated.",
    );

    await gotoHydrated(page, "/dashboard/admin-products?q=floss");
    await page.getByRole("link", { name: "Floss Picks" }).click();
    await expect(page.getByText("Draft: not in the shop yet")).toBeVisible();
    await expect(
      page.getByRole("form", { name: "Product" }).getByLabel("Option 1 name"),
    ).toHaveValue("Count");
    await context.close();
  });
});
