import { expect, gotoHydrated, test } from "./fixtures";

test.describe("product page", () => {
  test("back link, variant choice, price of the selected variant and sanitised description", async ({
    page,
  }) => {
    await gotoHydrated(page, "/product/prod1");
    await expect(page.getByRole("heading", { level: 1, name: "Whitening Strips" })).toBeVisible();
    const main = page.getByRole("main");
    await expect(main.getByText("£39.99", { exact: true })).toBeVisible();
    // 120 in stock: above the band, the count is not published.
    await expect(main.getByText("In stock!", { exact: true })).toBeVisible();

    await main.getByText("Two-Kit Bundle").click();
    await expect(main.getByRole("radio", { name: "Two-Kit Bundle" })).toBeChecked();
    await expect(main.getByText("£79.98", { exact: true })).toBeVisible();
    await expect(main.getByText("In stock!", { exact: true })).toBeVisible();

    const description = main.getByRole("region", { name: "Description" });
    await expect(description.getByRole("heading", { name: "What's in the kit" })).toBeVisible();
    await expect(description.getByRole("listitem").first()).toBeVisible();
    await expect(description.locator("script")).toHaveCount(0);

    await main.getByRole("link", { name: "Back to Store" }).click();
    await expect(page).toHaveURL(/\/store$/);
  });

  test("quantity stepper runs from 1 to the variant's stock, and no further than one order may take", async ({
    page,
  }) => {
    await gotoHydrated(page, "/product/prod3");
    const main = page.getByRole("main");
    const quantity = main.getByRole("spinbutton", { name: "Quantity" });
    const decrease = main.getByRole("button", { name: "Decrease quantity" });
    const increase = main.getByRole("button", { name: "Increase quantity" });
    // Single Pen: 80 in stock, at most 10 in one order.
    await expect(quantity).toHaveValue("1");
    await expect(decrease).toBeDisabled();
    await quantity.fill("999");
    await expect(quantity).toHaveValue("10");
    await expect(increase).toBeDisabled();
    await expect(main.getByRole("button", { name: "Add to Cart" })).toBeEnabled();

    // Twin Pack: 6 in stock, shown exactly.
    await main.getByText("Twin Pack").click();
    await expect(main.getByText("6 in stock!")).toBeVisible();
    await expect(quantity).toHaveValue("1");
    await increase.click();
    await expect(quantity).toHaveValue("2");
    await quantity.fill("999");
    await expect(quantity).toHaveValue("6");
    await expect(increase).toBeDisabled();
    await expect(main.getByRole("button", { name: "Add to Cart" })).toBeEnabled();
  });

  test("shows a sale price with the genuine former price struck through", async ({ page }) => {
    await gotoHydrated(page, "/product/prod3");
    const main = page.getByRole("main");
    await expect(main.locator("s")).toHaveCount(0);
    await main.getByText("Twin Pack").click();
    await expect(main.getByText("£44.99")).toBeVisible();
    await expect(main.locator("s")).toContainText("£49.98");
  });

  test("an unknown product answers 404 with 'Product not found.' and a way back", async ({
    page,
  }) => {
    const response = await page.goto("/product/does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Product not found." })).toBeVisible();
    await expect(
      page.getByRole("main").getByRole("link", { name: "Back to Store" }),
    ).toHaveAttribute("href", "/store");
  });
});
