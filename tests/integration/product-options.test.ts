import { getAdminProduct } from "@server/admin/admin-products";
import { adminActor } from "@server/audit/audit-log";
import { getProduct } from "@server/catalog/catalog-service";
import { createProduct, updateProduct } from "@server/catalog/product-editor";
import { productFormSchema } from "@server/catalog/product-form";
import type { ProductInput } from "@server/catalog/product-input";
import { DomainError } from "@server/errors";
import { describe, expect, it } from "vitest";
import { createCustomer } from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// A product's options (docs/admin.md#options-and-variants): their values name the variants, each
// variant with its own codes and weight; the admin's mistakes are refused and nothing is saved.

const variant = (values: string[], change: Partial<ProductInput["variants"][number]> = {}) => ({
  name: "ignored",
  optionValues: values,
  pricePence: 1499,
  compareAtPricePence: null,
  startingStock: 5,
  ...change,
});

const input = (change: Partial<ProductInput> = {}): ProductInput => ({
  name: "Whitening Paste",
  slug: "whitening-paste",
  descriptionHtml: "<p>Paste.</p>",
  imageUrl: "/images/products/whitening-toothpaste.svg",
  imageAlt: "A tube of paste",
  optionNames: ["Flavour", "Size"],
  variants: [
    variant(["Mint", "75 ml"], { sku: "PASTE-M-75", barcode: "5012345678900", grams: 110 }),
    variant(["Mint", "150 ml"], { pricePence: 2499 }),
    variant(["Charcoal", "75 ml"]),
  ],
  ...change,
});

const refusal = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (error instanceof DomainError) return error.message;
  if (error && typeof error === "object" && "issues" in error) {
    return (error as { issues: { message: string }[] }).issues.map((issue) => issue.message);
  }
  throw new Error(`expected a refusal, got ${String(error)}`);
};

describe.each(testDrivers)("a product's options on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();

  it("names each variant by its values and shows the options on the product's page", async () => {
    const admin = adminActor(await createCustomer(db()));
    const id = await createProduct(db(), admin, input());
    const page = await getProduct(db(), id);
    expect(page.optionNames).toEqual(["Flavour", "Size"]);
    expect(page.variants.map((one) => [one.name, one.optionValues, one.sku, one.barcode])).toEqual([
      ["Mint / 75 ml", ["Mint", "75 ml"], "PASTE-M-75", "5012345678900"],
      ["Mint / 150 ml", ["Mint", "150 ml"], null, null],
      ["Charcoal / 75 ml", ["Charcoal", "75 ml"], null, null],
    ]);
    const detail = await getAdminProduct(db(), id);
    expect(detail?.product.optionNames).toEqual(["Flavour", "Size"]);
    expect(detail?.variants[0]).toMatchObject({ grams: 110, sku: "PASTE-M-75" });
  });

  it("renames the variants when an option is added to a product that had none", async () => {
    const admin = adminActor(await createCustomer(db()));
    const id = await createProduct(
      db(),
      admin,
      input({
        optionNames: [],
        variants: [variant([], { name: "75 ml" }), variant([], { name: "150 ml" })],
      }),
    );
    const saved = await getAdminProduct(db(), id);
    const [small, large] = saved?.variants ?? [];
    if (!small || !large || !saved) throw new Error("no variants");
    await updateProduct(db(), admin, id, {
      ...input({ optionNames: ["Size"] }),
      version: saved.product.version,
      variants: [
        variant(["75 ml"], { id: small.id, sku: "P-75" }),
        variant(["150 ml"], { id: large.id }),
      ],
    });
    const after = await getAdminProduct(db(), id);
    expect(after?.product.optionNames).toEqual(["Size"]);
    expect(after?.variants.map((one) => [one.name, one.optionValues, one.sku])).toEqual([
      ["75 ml", ["75 ml"], "P-75"],
      ["150 ml", ["150 ml"], null],
    ]);
    expect(after?.history.at(-1)).toMatchObject({ action: "product.updated" });
  });

  it("refuses values missing or twice, a SKU twice, a wrong barcode, and saves nothing", async () => {
    const admin = adminActor(await createCustomer(db()));
    expect(
      await refusal(
        createProduct(
          db(),
          admin,
          input({ variants: [variant(["Mint", "75 ml"]), variant(["Mint"])] }),
        ),
      ),
    ).toEqual(["Give every variant a value for each option."]);
    expect(
      await refusal(
        createProduct(
          db(),
          admin,
          input({ variants: [variant(["Mint", "75 ml"]), variant(["mint", "75 ML"])] }),
        ),
      ),
    ).toEqual(["Two variants are mint / 75 ML: give each different values."]);
    expect(
      await refusal(
        createProduct(
          db(),
          admin,
          input({ optionNames: ["Size", "size"], variants: [variant(["A", "B"])] }),
        ),
      ),
    ).toEqual(["Give each option a different name."]);
    expect(
      await refusal(
        createProduct(
          db(),
          admin,
          input({ variants: [variant(["Mint", "75 ml"], { barcode: "5012345678901" })] }),
        ),
      ),
    ).toEqual(["A barcode is a GTIN: 8, 12, 13 or 14 digits ending in its check digit."]);
    expect(
      await refusal(
        createProduct(
          db(),
          admin,
          input({
            variants: [
              variant(["Mint", "75 ml"], { sku: "DUP" }),
              variant(["Mint", "150 ml"], { sku: "dup" }),
            ],
          }),
        ),
      ),
    ).toEqual(["Two variants have the SKU dup."]);
    await createProduct(db(), admin, input());
    expect(
      await refusal(
        createProduct(
          db(),
          admin,
          input({ slug: "other", variants: [variant(["Mint", "75 ml"], { sku: "paste-m-75" })] }),
        ),
      ),
    ).toBe("Another product's variant has the SKU PASTE-M-75: choose another.");
  });

  it("reads the options, codes and weight from the admin's form", () => {
    const parsed = productFormSchema.safeParse({
      name: "Paste",
      slug: "paste",
      descriptionHtml: "",
      imageUrl: "/images/products/whitening-pen.svg",
      imageAlt: "A tube",
      optionNames: JSON.stringify(["Flavour"]),
      variants: JSON.stringify([
        {
          name: "",
          optionValues: ["Mint"],
          sku: " PM-1 ",
          barcode: "",
          grams: "95",
          price: "4.99",
          compareAt: "",
          startingStock: "3",
        },
      ]),
    });
    expect(parsed.success && parsed.data.optionNames).toEqual(["Flavour"]);
    expect(parsed.success && parsed.data.variants[0]).toMatchObject({
      name: "Mint",
      sku: "PM-1",
      barcode: null,
      grams: 95,
    });
    const heavy = productFormSchema.safeParse({
      name: "Paste",
      slug: "paste",
      descriptionHtml: "",
      imageUrl: "/images/products/whitening-pen.svg",
      imageAlt: "A tube",
      variants: JSON.stringify([
        { name: "A", price: "4.99", compareAt: "", startingStock: "3", grams: "1.5" },
      ]),
    });
    expect(heavy.error?.issues.map((issue) => issue.message)).toEqual(["A weight is whole grams."]);
  });
});
