import { getAdminProduct } from "@server/admin/admin-products";
import { adminActor } from "@server/audit/audit-log";
import { getProduct } from "@server/catalog/catalog-service";
import { merchantFeedVariants, merchantFeedXml } from "@server/catalog/merchant-feed";
import { createProduct, updateProduct } from "@server/catalog/product-editor";
import { productFormSchema } from "@server/catalog/product-form";
import type { ProductInput } from "@server/catalog/product-input";
import { UNKNOWN_IMAGE } from "@server/media/image-store";
import { describe, expect, it } from "vitest";
import { createCustomer, versionNow } from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// A product's pictures after its main one (docs/admin.md): saved in order with their
// descriptions, shown by its page's gallery, its structured data and the merchant feed.

const pen = "/images/products/whitening-pen.svg";
const strips = "/images/products/whitening-strips.svg";

const input = (change: Partial<ProductInput> = {}): ProductInput => ({
  name: "Whitening Foam",
  slug: "whitening-foam",
  descriptionHtml: "<p>Foam.</p>",
  imageUrl: "/images/products/whitening-toothpaste.svg",
  imageAlt: "A bottle of foam",
  variants: [{ name: "Default", pricePence: 1299, compareAtPricePence: null, startingStock: 3 }],
  ...change,
});

describe.each(testDrivers)("a product's pictures on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();

  it("keeps the pictures in order, shows them on the page and in the feed, and reorders them", async () => {
    const admin = adminActor(await createCustomer(db()));
    const id = await createProduct(
      db(),
      admin,
      input({
        images: [
          { url: pen, alt: "The foam beside a pen" },
          { url: strips, alt: "The foam with strips" },
        ],
      }),
    );
    expect((await getProduct(db(), id)).images).toEqual([
      { url: pen, alt: "The foam beside a pen" },
      { url: strips, alt: "The foam with strips" },
    ]);
    const xml = merchantFeedXml(
      { baseUrl: "https://gleam.example", shopName: "Gleam" },
      { shippingFlatRatePence: 399, freeShippingOverPence: 5000, firstOrderDiscountPercent: 10 },
      await merchantFeedVariants(db()),
    );
    expect(xml).toContain(
      "<g:additional_image_link>https://gleam.example/images/products/whitening-pen.jpg</g:additional_image_link><g:additional_image_link>https://gleam.example/images/products/whitening-strips.jpg</g:additional_image_link>",
    );

    const opened = await getAdminProduct(db(), id);
    await updateProduct(db(), admin, id, {
      ...input(),
      version: opened?.product.version,
      variants: (opened?.variants ?? []).map((variant) => ({ ...variant, startingStock: 0 })),
      images: [{ url: strips, alt: "The foam with strips" }],
    });
    const after = await getAdminProduct(db(), id);
    expect(after?.product.images).toEqual([{ url: strips, alt: "The foam with strips" }]);
    expect(after?.history.at(-1)).toMatchObject({ action: "product.updated" });
    // Left out of an edit: unchanged.
    await updateProduct(db(), admin, id, {
      ...{
        ...input({ name: "Whitening Foam Plus" }),
        variants: (after?.variants ?? []).map((variant) => ({ ...variant, startingStock: 0 })),
      },
      version: await versionNow(db(), "products", id),
    });
    expect((await getProduct(db(), id)).images).toEqual([
      { url: strips, alt: "The foam with strips" },
    ]);
  });

  it("refuses a picture that is not the shop's, or one without a description", () => {
    const form = (images: unknown) =>
      productFormSchema.safeParse({
        name: "Foam",
        slug: "foam",
        descriptionHtml: "",
        imageUrl: pen,
        imageAlt: "A pen",
        images: JSON.stringify(images),
        variants: JSON.stringify([
          { name: "Default", price: "5.00", compareAt: "", startingStock: "1" },
        ]),
      });
    expect(form([{ url: strips, alt: "Strips" }]).success).toBe(true);
    expect(
      form([{ url: "https://evil.example/x.png", alt: "Evil" }]).error?.issues[0],
    ).toMatchObject({
      path: ["images", 0, "url"],
      message: UNKNOWN_IMAGE,
    });
    expect(form([{ url: strips, alt: "" }]).error?.issues[0]?.message).toBe(
      "Describe each picture for people who cannot see it.",
    );
    expect(form("not a list").error?.issues[0]?.message).toBe("The pictures could not be read.");
  });

  it("shows a variant's own picture, one of the product's, and refuses any other", async () => {
    const admin = adminActor(await createCustomer(db()));
    const id = await createProduct(
      db(),
      admin,
      input({
        images: [{ url: pen, alt: "The foam beside a pen" }],
        variants: [
          { name: "Foam", pricePence: 1299, compareAtPricePence: null, startingStock: 3 },
          {
            name: "Foam and pen",
            pricePence: 2299,
            compareAtPricePence: null,
            startingStock: 3,
            imageUrl: pen,
          },
        ],
      }),
    );
    expect((await getProduct(db(), id)).variants.map((variant) => variant.imageUrl)).toEqual([
      null,
      pen,
    ]);
    const refused = await createProduct(
      db(),
      admin,
      input({
        slug: "other-foam",
        variants: [
          {
            name: "Foam",
            pricePence: 1299,
            compareAtPricePence: null,
            startingStock: 1,
            imageUrl: strips,
          },
        ],
      }),
    ).catch((error: unknown) => error);
    expect((refused as Error).message).toBe(
      "A variant's picture must be one of the product's: add it to its pictures first.",
    );
  });
});
