import { readFile } from "node:fs/promises";
import type { BuiltServer } from "../../scripts/built-server";
import { logInAs } from "./account-fixtures";
import { expectToast } from "./cart-fixtures";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from "./fixtures";
import { startSeededServer } from "./seeded-shop";

// The products list's catalogue tools on a server of their own (docs/admin.md#product-csv,
// docs/admin.md#bulk-actions): the admin exports the catalogue, imports a Shopify file (a
// preview that names each problem by row and column first, then the corrected file, imported in
// the background with its progress on a page of its own), and changes
// products chosen in the list together, asked first with how many change.

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
    // The import runs in the background: its page follows it, and says the same after a reload.
    await expect(
      page.getByRole("heading", { level: 1, name: "Import of shopify-products.csv" }),
    ).toBeVisible();
    const progress = page.getByRole("region", { name: "Progress" });
    await expect(progress.getByRole("status")).toHaveText("Finished.");
    await expect(progress).toContainText("2 of 2 rows");
    await expect(progress).toContainText("Products created1");
    await expectNoSeriousA11yViolations(page);
    await page.reload();
    await expect(progress.getByRole("status")).toHaveText("Finished.");
    await page.getByRole("link", { name: "← Import products" }).click();
    await expect(page.getByRole("region", { name: "Recent imports" })).toContainText(
      "shopify-products.csv",
    );

    await gotoHydrated(page, "/dashboard/admin-products?q=floss");
    await page.getByRole("link", { name: "Floss Picks" }).click();
    await expect(page.getByText("Draft: not in the shop yet")).toBeVisible();
    await expect(
      page.getByRole("form", { name: "Product" }).getByLabel("Option 1 name"),
    ).toHaveValue("Count");
    await context.close();
  });

  test("stop a big import: what was saved stays, the rest is left out", async ({
    browser,
  }, testInfo) => {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await logInAs(page, "admin@example.com", "admin-password-1");
    await gotoHydrated(page, "/dashboard/admin-products/import");
    const form = page.getByRole("form", { name: "Import products" });
    // Handles of their own per project: the two sizes share this server.
    const prefix = `bulk-${testInfo.project.name}`;
    const rows = Array.from(
      { length: 3000 },
      (_, at) => `${prefix}-${at},Bulk ${at},<p>One.</p>,Floss,Count,50,${prefix}-${at},5,2.00,`,
    );
    await form.getByLabel("CSV file").setInputFiles(file(rows));
    await form.getByRole("button", { name: "Preview" }).click();
    await form.getByRole("button", { name: "Import 3,000 products" }).click();
    const progress = page.getByRole("region", { name: "Progress" });
    // Under way (its page follows it): the file read, some rows saved.
    await expect(progress).toContainText(/[1-9][\d,]* of 3,000 rows/);
    await progress.getByRole("button", { name: "Stop the import" }).click();
    const dialog = page.getByRole("alertdialog", {
      name: "Stop the import of shopify-products.csv?",
    });
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole("button", { name: "Stop the import" }).click();
    await expectToast(page, "Import stopped");
    await expect(progress.getByRole("status")).toHaveText(
      "Stopped: the rows it had not reached were left out.",
    );
    await expect(progress.getByRole("button", { name: "Stop the import" })).toHaveCount(0);
    const figure = async (label: string) =>
      Number(
        (
          (await progress.getByText(label, { exact: true }).locator("+ dd").textContent()) ?? ""
        ).replace(/,/g, ""),
      );
    const done = await figure("Rows done");
    const leftOut = await figure("Left out");
    expect(leftOut).toBeGreaterThan(0);
    expect(done + leftOut).toBe(3000);
    await context.close();
  });

  test("choose products in the list and change them together, asked first", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await logInAs(page, "admin@example.com", "admin-password-1");
    await gotoHydrated(page, "/dashboard/admin-products?q=whitening");
    const table = page.getByRole("region", { name: "Products" });
    await table.getByRole("checkbox", { name: "Choose Whitening Pen" }).check();
    await table.getByRole("checkbox", { name: "Choose Whitening Toothpaste" }).check();
    const bulk = page.getByRole("form", { name: "Bulk actions" });
    await expect(bulk).toContainText("2 products chosen");
    await bulk.getByLabel("Action").selectOption({ label: "Change prices by a percentage" });
    await bulk.getByLabel("Change (%)").fill("10");
    await bulk.getByRole("button", { name: "Apply" }).click();
    const dialog = page.getByRole("alertdialog", {
      name: "Change the prices of 2 products by +10 %?",
    });
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole("button", { name: "Change 2 products' prices" }).click();
    await expectToast(page, "Prices of 2 products changed by +10 %");
    // The pen's single was £24.99: now £27.49, in the list and the shop.
    await expect(table.getByRole("row", { name: /Whitening Pen/ })).toContainText("£27.49");
    await expect(bulk).toHaveCount(0);

    // Every product on the page, then archived: out of the shop.
    await table.getByRole("checkbox", { name: "Choose every product on this page" }).check();
    await expect(bulk).toContainText("3 products chosen");
    await bulk.getByLabel("Action").selectOption({ label: "Archive" });
    await bulk.getByRole("button", { name: "Apply" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Archive 3 products" }).click();
    await expectToast(page, "3 products archived");
    await expect(table.getByText("Archived")).toHaveCount(3);
    expect((await page.request.get("/product/prod3")).status()).toBe(404);
    await table.getByRole("checkbox", { name: "Choose every product on this page" }).check();
    await bulk.getByLabel("Action").selectOption({ label: "Publish" });
    await bulk.getByRole("button", { name: "Apply" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Publish 3 products" }).click();
    await expectToast(page, "3 products published");
    await expect(table.getByText("Archived")).toHaveCount(0);
    await context.close();
  });

  test("give a product more pictures: its page's gallery shows them, by thumbnail or arrow key", async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await logInAs(page, "admin@example.com", "admin-password-1");
    await gotoHydrated(page, "/dashboard/admin-products/prod3");
    const form = page.getByRole("form", { name: "Product" });
    const more = form.getByRole("group", { name: "More pictures" });
    await more.getByLabel("Add a picture").selectOption({ label: "complete-smile-bundle.svg" });
    await more.getByRole("button", { name: "Add this picture" }).click();
    await more.getByLabel("Picture 2 description").fill("The pen in the bundle");
    await more.getByLabel("Add a picture").selectOption({ label: "whitening-strips.svg" });
    await more.getByRole("button", { name: "Add this picture" }).click();
    await more.getByLabel("Picture 3 description").fill("The pen with strips");
    await more.getByRole("button", { name: "Move picture 3 earlier" }).click();
    await expect(more.getByLabel("Picture 2 description")).toHaveValue("The pen with strips");
    await expectNoSeriousA11yViolations(page);
    await form.getByRole("button", { name: "Save product" }).click();
    await expectToast(page, "Product saved");
    // Saved, a picture may show a variant: the twin pack shows the pen with strips.
    await form
      .getByRole("listitem")
      .filter({ hasText: "Variant 2: Twin Pack" })
      .getByLabel("Picture shown")
      .selectOption({ label: "Picture 2: The pen with strips" });
    // An earlier toast may still say the same: the save's own answer is awaited.
    const [saved] = await Promise.all([
      page.waitForResponse(
        (response) =>
          response.request().method() === "POST" &&
          new URL(response.url()).pathname.startsWith("/dashboard/admin-products/prod3"),
      ),
      form.getByRole("button", { name: "Save product" }).click(),
    ]);
    expect(saved.status()).toBe(200);
    await expect(
      form
        .getByRole("listitem")
        .filter({ hasText: "Variant 2: Twin Pack" })
        .getByLabel("Picture shown"),
    ).toHaveValue("/images/products/whitening-strips.svg");

    const shopper = await browser.newContext({ baseURL: server.url });
    const shop = await shopper.newPage();
    await gotoHydrated(shop, "/product/prod3");
    const main = shop.getByRole("main");
    const strip = main.getByRole("list", { name: /^Pictures of Whitening Pen, 3 in all/ });
    await expect(strip.getByRole("img")).toHaveCount(3);
    const thumbnail = (n: number) =>
      main.getByRole("button", { name: new RegExp(`^Show picture ${n} of 3`) });
    await expect(thumbnail(1)).toHaveAttribute("aria-current", "true");
    await thumbnail(2).click();
    await expect(thumbnail(2)).toHaveAttribute("aria-current", "true");
    await expect(thumbnail(2)).toHaveAccessibleName("Show picture 2 of 3: The pen with strips");
    await strip.focus();
    await shop.keyboard.press("ArrowRight");
    await expect(thumbnail(3)).toHaveAttribute("aria-current", "true");
    // Choosing the twin pack turns to its picture.
    await main.getByText("Twin Pack", { exact: true }).click();
    await expect(thumbnail(2)).toHaveAttribute("aria-current", "true");

    // Another picture made the main one: the main one takes its place.
    await gotoHydrated(page, "/dashboard/admin-products/prod3");
    const mainAlt = await form.getByLabel("Image description (alt text)").inputValue();
    await more.getByRole("button", { name: "Make picture 3 the main picture" }).click();
    await expect(form.getByLabel("Image", { exact: true })).toHaveValue(
      "/images/products/complete-smile-bundle.svg",
    );
    await expect(form.getByLabel("Image description (alt text)")).toHaveValue(
      "The pen in the bundle",
    );
    await expect(more.getByLabel("Picture 3 description")).toHaveValue(mainAlt);
    const [swapped] = await Promise.all([
      page.waitForResponse(
        (response) =>
          response.request().method() === "POST" &&
          new URL(response.url()).pathname.startsWith("/dashboard/admin-products/prod3"),
      ),
      form.getByRole("button", { name: "Save product" }).click(),
    ]);
    expect(swapped.status()).toBe(200);
    await gotoHydrated(shop, "/product/prod3");
    await expect(strip.getByRole("img").first()).toHaveAccessibleName("The pen in the bundle");
    await expectNoSeriousA11yViolations(shop);
    await shopper.close();
    await context.close();
  });
});
