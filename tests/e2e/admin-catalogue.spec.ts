import sharp from "sharp";
import type { BuiltServer } from "../../scripts/built-server";
import { logInAs } from "./account-fixtures";
import { expectToast } from "./cart-fixtures";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from "./fixtures";
import { startSeededServer } from "./seeded-shop";

// The admin's catalogue on a server of its own (a new product changes the
// store every other test reads): create a product with two variants, see it in the store at
// once, change its price and count its stock, archive it. Its description is written in the
// rich-text editor and its picture uploaded (a file that is not an image refused beside the field).

test.describe("the admin's catalogue", () => {
  test.describe.configure({ timeout: 50_000 });
  let server: BuiltServer;

  test.beforeAll(async () => {
    server = await startSeededServer({ LOG_LEVEL: "warn" });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("create a product with variants and an image, see it in the store, edit, count, archive", async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    // The store as shoppers saw it before (cached pages included).
    await page.goto("/store");
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(4);

    await logInAs(page, "admin@example.com", "admin-password-1");
    await gotoHydrated(page, "/dashboard/admin-products");
    await page.getByRole("link", { name: "Add product" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "New product" })).toBeVisible();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const form = page.getByRole("form", { name: "Product" });
    await form.getByLabel("Name", { exact: true }).fill("Whitening Foam");
    await form.getByLabel("Slug").fill("whitening-foam");
    // A new product has no picture until one is given: the neutral placeholder, never another
    // product's.
    const picture = form.getByLabel("Image", { exact: true });
    await expect(picture).toHaveValue("/images/products/no-picture.svg");
    await expect(picture.locator("option:checked")).toHaveText("No picture yet");
    await picture.selectOption("/images/products/whitening-toothpaste.svg");
    await form.getByLabel("Image description (alt text)").fill("A bottle of whitening foam");
    // Rich text: typed, with bold from the toolbar.
    const description = form.getByRole("textbox", { name: "Description", exact: true });
    await description.click();
    await description.pressSequentially("Gentle ");
    const bold = form.getByRole("button", { name: "Bold" });
    await bold.click();
    await expect(bold).toHaveAttribute("aria-pressed", "true");
    await description.pressSequentially("foam");
    await bold.click();
    await description.pressSequentially(" for a brighter smile. <script>alert(1)</script>");
    // A text file calling itself a PNG.
    await form.getByLabel("Or upload a new image").setInputFiles({
      name: "photo.png",
      mimeType: "image/png",
      buffer: Buffer.from("<svg onload=alert(1)>not a picture</svg>"),
    });
    await form.getByLabel("Variant 1 name").fill("50 ml");
    await form.getByLabel("Price (£)").fill("12.99");
    await form.getByLabel("Compare-at (£, optional)").fill("15.99");
    await form.getByLabel("Starting stock").fill("40");
    await form.getByRole("button", { name: "Add a variant" }).click();
    await form.getByLabel("Variant 2 name").fill("3 x 50 ml");
    await form.getByLabel("Price (£)").nth(1).fill("twenty");
    await form.getByLabel("Starting stock").nth(1).fill("8");
    await expectNoSeriousA11yViolations(page);
    await form.getByRole("button", { name: "Create product" }).click();
    await expectToast(
      page,
      "Product not created",
      "Variant 2's price: enter pounds, such as 12.50.",
    );
    await expect(form.getByRole("alert")).toHaveText(
      "Variant 2's price: enter pounds, such as 12.50.",
    );
    await form.getByLabel("Price (£)").nth(1).fill("29.99");
    await form.getByRole("button", { name: "Create product" }).click();
    await expectToast(page, "Product not created", "Upload a JPEG, PNG or WebP image.");
    const fileInput = form.getByLabel("Or upload a new image");
    await expect(fileInput).toHaveAttribute("aria-invalid", "true");
    await expect(form.locator("#product-imageFile-error")).toHaveText(
      "Upload a JPEG, PNG or WebP image.",
    );
    const photo = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: { r: 20, g: 150, b: 140 } },
    })
      .png()
      .toBuffer();
    await fileInput.setInputFiles({ name: "foam.png", mimeType: "image/png", buffer: photo });
    // Its square shown before it is saved, moved from the keyboard too.
    const square = form.getByRole("img", { name: "The square the shop will show" });
    await expect(square).toBeVisible();
    // Drawn from the file in the browser (the page's policy lets it), before anything is sent.
    await expect
      .poll(() => square.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBe(1200);
    const across = form.getByLabel("Square from left to right");
    await expect(across).toHaveValue("50");
    await across.focus();
    await page.keyboard.press("Home");
    await expect(across).toHaveValue("0");
    await expect(square).toHaveCSS("object-position", "0% 50%");
    await expectNoSeriousA11yViolations(page);
    // What search engines show: written here, whole; left empty it would be the name and text.
    await form.getByLabel("Search title").fill("Whitening Foam for Sensitive Teeth");
    await form.getByLabel("Search description").fill("A gentle foam that lifts stains in a week.");
    await form.getByRole("button", { name: "Create product" }).click();
    await expect(page).toHaveURL(/\/dashboard\/admin-products\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: "Whitening Foam" })).toBeVisible();
    const productUrl = new URL(page.url()).pathname;
    const productId = productUrl.split("/").at(-1) ?? "";

    // In the store at once, on sale from £12.99; its page shows the cleaned description.
    const shopper = await browser.newPage({ baseURL: server.url });
    await shopper.goto("/store");
    const card = shopper.getByRole("article").filter({ hasText: "Whitening Foam" });
    await expect(card).toContainText("£12.99");
    await expect(card).toContainText("Sale");
    // No reviews yet: no stars, no count.
    await expect(card.getByRole("img", { name: /^Rated/ })).toHaveCount(0);
    await expect(card).not.toContainText("review");
    const cardImage = card.locator("img").first();
    await expect(cardImage).toHaveAttribute("src", /^\/media\/[0-9a-f-]{36}\/800\.webp$/);
    await expect(cardImage).toHaveAttribute("srcset", /\/400\.webp 400w/);
    // Decoded in the browser: a real picture, not a broken image.
    await cardImage.scrollIntoViewIfNeeded();
    await expect
      .poll(() => cardImage.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    const imageUrl = (await cardImage.getAttribute("src")) ?? "";
    const served = await shopper.request.get(imageUrl);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/webp");
    expect(served.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    const again = await shopper.request.get(imageUrl, {
      headers: { "If-None-Match": served.headers().etag ?? "" },
    });
    expect(again.status()).toBe(304);
    expect(
      (await shopper.request.get(imageUrl.replace("800.webp", "1200.jpg"))).headers()[
        "content-type"
      ],
    ).toBe("image/jpeg");
    await shopper.goto(`/product/${productId}`);
    await expect(shopper.getByRole("main")).toContainText(
      "Gentle foam for a brighter smile. <script>alert(1)</script>",
    );
    await expect(shopper.getByRole("main").locator("strong")).toHaveText("foam");
    expect(await shopper.locator('meta[property="og:image"]').getAttribute("content")).toMatch(
      /\/media\/[0-9a-f-]{36}\/1200\.jpg$/,
    );
    await expect(shopper).toHaveTitle("Whitening Foam for Sensitive Teeth");
    await expect(shopper.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      "A gentle foam that lifts stains in a week.",
    );
    await expect(shopper.locator('meta[property="og:title"]')).toHaveAttribute(
      "content",
      "Whitening Foam for Sensitive Teeth",
    );

    // Another admin (here: another tab) opens the same product before this one saves.
    const other = await context.newPage();
    await gotoHydrated(other, productUrl);
    // A new price, then a count of the stock with its reason.
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await form.getByLabel("Price (£)").first().fill("11.99");
    await form.getByRole("button", { name: "Save product" }).click();
    await expectToast(page, "Product saved");
    // The other tab's save would put the old price back: refused, saying what changed.
    const otherForm = other.getByRole("form", { name: "Product" });
    await otherForm.getByLabel("Name", { exact: true }).fill("Whitening Foam Plus");
    await otherForm.getByRole("button", { name: "Save product" }).click();
    await expectToast(
      other,
      "Product not saved",
      "This product changed since you opened it (its variants). Reload it to see the changes, then make yours again.",
    );
    await gotoHydrated(other, productUrl);
    await expect(otherForm.getByLabel("Price (£)").first()).toHaveValue("11.99");
    await expect(otherForm.getByLabel("Name", { exact: true })).toHaveValue("Whitening Foam");
    await other.close();
    const count = page.getByRole("form", { name: "Count stock" });
    await count.getByLabel("Variant").selectOption({ label: "50 ml" });
    await count.getByLabel("Units counted").fill("37");
    await count.getByLabel("Reason").fill("Three damaged in delivery");
    await count.getByRole("button", { name: "Save count" }).click();
    await expectToast(page, "Stock updated");
    const movements = page.getByRole("region", { name: "Stock movements" });
    await expect(movements).toContainText("Counted -3 50 ml → 37 · Three damaged in delivery");
    await expect(movements).toContainText("Restocked +40 50 ml → 40 · Starting stock");
    const history = page.getByRole("region", { name: "History" });
    await expect(history).toContainText("Product edited");
    await shopper.goto(`/product/${productId}`);
    await expect(shopper.getByRole("main")).toContainText("£11.99");

    // Archived: gone from the store, its page not found.
    await page.getByRole("button", { name: "Archive" }).click();
    await expectToast(page, "Product archived");
    await shopper.goto("/store");
    await expect(shopper.getByRole("main").getByRole("article")).toHaveCount(4);
    const gone = await shopper.goto(`/product/${productId}`);
    expect(gone?.status()).toBe(404);
    await context.close();
    await shopper.close();
  });

  test("a new product's slug follows its name, and every mistake is said at once", async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await logInAs(page, "admin@example.com", "admin-password-1");
    await gotoHydrated(page, "/dashboard/admin-products/new");
    const form = page.getByRole("form", { name: "Product" });
    const name = form.getByLabel("Name", { exact: true });
    const slug = form.getByLabel("Slug");
    await name.fill("Crème Whitening Foam & Mint");
    await expect(slug).toHaveValue("creme-whitening-foam-and-mint");
    // Edited, the slug is the admin's: the name no longer moves it.
    await slug.fill("foam");
    await name.fill("Whitening Foam");
    await expect(slug).toHaveValue("foam");

    // Three mistakes: all three beside their fields after one try, the first one focused.
    await name.fill("");
    await slug.fill("Not A Slug");
    await form.getByLabel("Variant 1 name").fill("50 ml");
    await form.getByLabel("Price (£)").fill("twenty");
    await form.getByLabel("Starting stock").fill("5");
    await form.getByRole("button", { name: "Create product" }).click();
    await expectToast(page, "Product not created", /fields need a change/);
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(slug).toHaveAttribute("aria-invalid", "true");
    await expect(slug).toHaveAccessibleDescription(
      "A slug is lower-case letters, digits and single dashes.",
    );
    await expect(form.getByRole("alert")).toContainText("Variant 1's price");
    await expect(name).toBeFocused();
    await expectNoSeriousA11yViolations(page);

    // Saved as a draft: out of the shop until it is published from its page.
    await name.fill("Draft Foam");
    await slug.fill("draft-foam");
    await form.getByLabel("Price (£)").fill("9.99");
    await form.getByLabel("Image description (alt text)").fill("A bottle of foam");
    await form.getByRole("button", { name: "Save as draft" }).click();
    await expect(page).toHaveURL(/\/dashboard\/admin-products\/[\w-]+$/);
    await expect(page.getByText("Draft: not in the shop yet")).toBeVisible();
    const productUrl = page.url();
    const draftPage = await page.request.get(`/product/${productUrl.split("/").pop()}`);
    expect(draftPage.status()).toBe(404);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Publish" }).click();
    await expectToast(page, "Product published");
    await expect(page.getByRole("link", { name: "View in the shop" })).toBeVisible();
    // Back out of the shop: the other tests on this server count the store's products.
    await page.getByRole("button", { name: "Archive" }).click();
    await expectToast(page, "Product archived");
    expect(page.url()).toBe(productUrl);
    // Never sold: it may go for good, once the admin says so in the dialog.
    page.once("dialog", (dialog) => {
      expect(dialog.message()).toBe("Delete Draft Foam for good? It cannot be brought back.");
      void dialog.accept();
    });
    await page.getByRole("button", { name: "Delete" }).click();
    await expect(page).toHaveURL(/\/dashboard\/admin-products$/);
    expect((await page.request.get(new URL(productUrl).pathname)).status()).toBe(404);
    await context.close();
  });

  test("give a product a second option: its values make the variants, the shop chooses by them", async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await logInAs(page, "admin@example.com", "admin-password-1");
    await gotoHydrated(page, "/dashboard/admin-products/prod2");
    const form = page.getByRole("form", { name: "Product" });
    await expect(form.getByLabel("Option 1 name")).toHaveValue("Size");
    await form.getByRole("button", { name: "Add an option" }).click();
    await form.getByLabel("Option 2 name").fill("Flavour");
    await form.getByLabel("Option 2 values, separated by commas").fill("Mint, Charcoal");
    await form.getByRole("button", { name: "Make the variants from these values" }).click();
    // The saved variants take the new option's first value; the rest are new, to be priced.
    const headings = form
      .getByRole("region", { name: "Options and variants" })
      .getByRole("heading", { level: 3 });
    await expect(headings).toHaveText([
      "Variant 1: 75 ml / Mint (default)",
      "Variant 2: 75 ml / Charcoal",
      "Variant 3: 3 x 75 ml / Mint",
      "Variant 4: 3 x 75 ml / Charcoal",
    ]);
    const charcoal = form.getByRole("listitem").filter({ hasText: "Variant 2: 75 ml / Charcoal" });
    await charcoal.getByLabel("Price (£)").fill("15.99");
    await charcoal.getByLabel("Starting stock").fill("12");
    await charcoal.getByLabel("SKU (optional)").fill("GLM-TP-75-CH");
    await charcoal.getByLabel("Barcode (GTIN, optional)").fill("5012345678901");
    await form
      .getByRole("listitem")
      .filter({ hasText: "Variant 4" })
      .getByRole("button", { name: "Remove variant 4" })
      .click();
    await form.getByRole("button", { name: "Save product" }).click();
    await expectToast(page, "Product not saved", "A barcode is a GTIN");
    await expectNoSeriousA11yViolations(page);
    await charcoal.getByLabel("Barcode (GTIN, optional)").fill("5012345678900");
    await form.getByRole("button", { name: "Save product" }).click();
    await expectToast(page, "Product saved");
    // Saved, the variants come in the order they were made: the default stays first.
    await expect(headings).toHaveText([
      "Variant 1: 75 ml / Mint (default)",
      "Variant 2: 3 x 75 ml / Mint",
      "Variant 3: 75 ml / Charcoal",
    ]);

    const shopper = await browser.newContext({ baseURL: server.url });
    const shop = await shopper.newPage();
    await gotoHydrated(shop, "/product/prod2");
    const main = shop.getByRole("main");
    await expect(main.getByRole("group", { name: "Size" })).toBeVisible();
    await expect(main.getByRole("radio", { name: "Mint" })).toBeChecked();
    await main.getByText("Charcoal", { exact: true }).click();
    await expect(main.getByRole("radio", { name: "Charcoal" })).toBeChecked();
    await expect(main.getByRole("radio", { name: "75 ml", exact: true })).toBeChecked();
    await expect(main.getByText("£15.99").first()).toBeVisible();
    // No charcoal triple pack: choosing the triple pack goes back to mint.
    await main.getByText("3 x 75 ml", { exact: true }).click();
    await expect(main.getByRole("radio", { name: "Mint" })).toBeChecked();
    await expect(main.getByText("£39.99").first()).toBeVisible();
    await expectNoSeriousA11yViolations(shop);
    const structured = await shop
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? "{}")));
    const jsonLd = structured.find((data) => data["@type"] === "Product");
    expect(jsonLd.offers).toContainEqual(
      expect.objectContaining({ sku: "GLM-TP-75-CH", gtin: "5012345678900", price: "15.99" }),
    );
    await shopper.close();
    await context.close();
  });

  test("manage categories and put a product in one: the store's category page follows", async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await logInAs(page, "admin@example.com", "admin-password-1");
    await gotoHydrated(page, "/dashboard/admin-categories");
    await expect(page.getByRole("heading", { level: 1, name: "Categories" })).toBeVisible();
    await expect(page.getByRole("form", { name: "Category Toothpaste" })).toContainText(
      "1 product",
    );
    await expectNoSeriousA11yViolations(page);

    const fresh = page.getByRole("form", { name: "New category" });
    await fresh.getByLabel("Name").fill("Gift Sets");
    await fresh.getByLabel("Slug").fill("Gift Sets");
    await fresh.getByLabel("Position").fill("9");
    await fresh
      .getByLabel("Description", { exact: true })
      .fill("Boxed sets of our best sellers, ready to give.");
    await fresh.getByLabel("Search title").fill("Gift Sets of Whitening Kits");
    await fresh.getByRole("button", { name: "Create category" }).click();
    await expect(
      fresh.getByText("A slug is lower-case letters, digits and single dashes."),
    ).toBeVisible();
    await expect(fresh.getByLabel("Slug")).toHaveAttribute("aria-invalid", "true");
    await fresh.getByLabel("Slug").fill("gift-sets");
    await fresh.getByRole("button", { name: "Create category" }).click();
    await expectToast(page, "Category created");
    await expect(page.getByRole("form", { name: "Category Gift Sets" })).toBeVisible();

    await gotoHydrated(page, "/dashboard/admin-products/prod4");
    const product = page.getByRole("form", { name: "Product" });
    await product.getByLabel("Category").selectOption({ label: "Gift Sets" });
    await product.getByLabel("Featured rank").fill("99");
    await product.getByRole("button", { name: /Save/ }).click();
    await expectToast(page, "Product saved");

    const shopper = await browser.newContext({ baseURL: server.url });
    const store = await shopper.newPage();
    await store.goto("/store/gift-sets");
    await expect(store.getByRole("heading", { level: 1, name: "Gift Sets" })).toBeVisible();
    // Its search title, written whole; its description stands in for the one not written.
    await expect(store).toHaveTitle("Gift Sets of Whitening Kits");
    await expect(store.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      "Boxed sets of our best sellers, ready to give.",
    );
    await expect(store.getByRole("main").getByRole("article")).toHaveCount(1);
    await expect(store.getByRole("main").getByRole("article")).toContainText(
      "Complete Smile Bundle",
    );
    await store.goto("/store");
    await expect(store.getByRole("main").getByRole("article").first()).toContainText(
      "Complete Smile Bundle",
    );

    await gotoHydrated(page, "/dashboard/admin-categories");
    page.once("dialog", (dialog) => dialog.accept());
    await page
      .getByRole("form", { name: "Category Gift Sets" })
      .getByRole("button", { name: "Delete" })
      .click();
    await expectToast(page, "Category deleted");
    await expect(page.getByRole("form", { name: "Category Gift Sets" })).toHaveCount(0);
    expect((await store.goto("/store/gift-sets"))?.status()).toBe(404);
    await context.close();
    await shopper.close();
  });
});
