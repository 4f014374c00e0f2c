import { getCurrentVariants } from "@server/cart/cart-service";
import { findProducts, searchProducts } from "@server/catalog/catalog-service";
import { describe, expect, it } from "vitest";
import { createProduct } from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

describe.each(testDrivers)("catalogue search on %s", (driver) => {
  const queries: string[] = [];
  const database = useTestDatabase(driver, { onQuery: (query) => queries.push(query) });
  const db = () => database.db();

  async function shop() {
    await createProduct(db(), {
      id: "strips",
      name: "Whitening Strips",
      descriptionHtml: "<p>Enamel-safe strips for a <strong>brighter</strong> smile.</p>",
      createdAt: new Date("2026-01-01T00:00:00Z"),
    });
    await createProduct(db(), {
      id: "bundle",
      name: "Complete Smile Bundle",
      descriptionHtml: "<p>Our whitening strips, toothpaste and pen together.</p>",
      createdAt: new Date("2026-03-01T00:00:00Z"),
    });
    await createProduct(db(), {
      id: "pen",
      name: "Whitening Pen",
      descriptionHtml: "<p>Touch-ups on the go: 100% enamel-safe.</p>",
      createdAt: new Date("2026-02-01T00:00:00Z"),
    });
    await createProduct(db(), {
      id: "floss",
      name: "Mint_Floss",
      descriptionHtml: '<p class="whitening">Gentle floss.</p>',
      createdAt: new Date("2026-04-01T00:00:00Z"),
    });
    await createProduct(db(), { id: "retired", name: "Whitening Gel", active: false });
  }

  const ids = (list: Array<{ id: string }>) => list.map((product) => product.id);

  it("matches names and descriptions case-insensitively, name matches first, newest first within", async () => {
    await shop();
    const found = await findProducts(db(), { search: "WHITENING", limit: 100, offset: 0 });
    expect(ids(found)).toEqual(["pen", "strips", "bundle"]);
  });

  it("matches the description's text, not its markup", async () => {
    await shop();
    // 'whitening' appears in floss's class attribute only; 'strong' only as a tag.
    expect(ids(await searchProducts(db(), "strong"))).toEqual([]);
    expect(ids(await searchProducts(db(), "brighter smile"))).toEqual(["strips"]);
  });

  it("matches % and _ literally", async () => {
    await shop();
    expect(ids(await searchProducts(db(), "100%"))).toEqual(["pen"]);
    expect(ids(await searchProducts(db(), "%"))).toEqual(["pen"]);
    expect(ids(await searchProducts(db(), "t_floss"))).toEqual(["floss"]);
    expect(ids(await searchProducts(db(), "_"))).toEqual(["floss"]);
    expect(ids(await searchProducts(db(), "h_ening"))).toEqual([]);
  });

  it("handles odd and very long text without an error", async () => {
    await shop();
    expect(await searchProducts(db(), "a".repeat(10_000))).toEqual([]);
    expect(await searchProducts(db(), "'; drop table products; --")).toEqual([]);
    expect(await searchProducts(db(), "\\")).toEqual([]);
    expect(await searchProducts(db(), "  \n\t ")).toEqual([]);
    expect(ids(await searchProducts(db(), "  smile\n   bundle "))).toEqual(["bundle"]);
  });

  it("leaves products off sale out", async () => {
    await shop();
    expect(await searchProducts(db(), "gel")).toEqual([]);
  });

  it("pages through the newest-first list and through search results", async () => {
    await shop();
    const all = await findProducts(db(), { limit: 100, offset: 0 });
    expect(ids(all)).toEqual(["floss", "bundle", "pen", "strips"]);
    expect(ids(await findProducts(db(), { limit: 2, offset: 1 }))).toEqual(["bundle", "pen"]);
    expect(ids(await findProducts(db(), { limit: 2, offset: 10 }))).toEqual([]);
    expect(ids(await findProducts(db(), { search: "whitening", limit: 1, offset: 1 }))).toEqual([
      "strips",
    ]);
  });

  it("gives search results as cards: default variant and SALE only with a former price", async () => {
    await createProduct(db(), {
      id: "pen",
      name: "Whitening Pen",
      variants: [
        { id: "pen-1", name: "Single", pricePence: 2499 },
        { id: "pen-2", name: "Twin", pricePence: 4499, compareAtPricePence: 4998 },
      ],
    });
    await createProduct(db(), { id: "paste", name: "Whitening Toothpaste" });
    const [paste, pen] = await searchProducts(db(), "whitening").then((list) =>
      list.sort((a, b) => a.id.localeCompare(b.id)),
    );
    expect(pen?.defaultVariant?.id).toBe("pen-1");
    expect(pen?.saleVariant?.id).toBe("pen-2");
    expect(paste?.saleVariant).toBeNull();
  });

  it("costs one query per search", async () => {
    await shop();
    queries.length = 0;
    await searchProducts(db(), "whitening");
    expect(queries).toHaveLength(1);
  });
});

describe.each(testDrivers)("cart re-check on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();

  it("publishes stock in bands: exact below 20, 20 above", async () => {
    await createProduct(db(), {
      variants: [
        { id: "plenty", stockQuantity: 500 },
        { id: "few", stockQuantity: 7 },
      ],
    });
    const variants = await getCurrentVariants(db(), ["plenty", "few"]);
    expect(
      Object.fromEntries(variants.map((variant) => [variant.variantId, variant.stockQuantity])),
    ).toEqual({
      plenty: 20,
      few: 7,
    });
  });

  it("gives the current price and stock of the asked variants on sale, nothing else", async () => {
    await createProduct(db(), {
      id: "pen",
      name: "Whitening Pen",
      variants: [
        { id: "pen-1", name: "Single", pricePence: 2499, stockQuantity: 4 },
        { id: "pen-2", name: "Twin", pricePence: 4499 },
      ],
    });
    await createProduct(db(), { id: "old", active: false, variants: [{ id: "old-1" }] });
    const variants = await getCurrentVariants(db(), ["pen-1", "old-1", "missing", "pen-1"]);
    expect(variants).toEqual([
      {
        productId: "pen",
        name: "Whitening Pen",
        imageUrl: "/images/products/whitening-strips.svg",
        variantId: "pen-1",
        variantName: "Single",
        pricePence: 2499,
        stockQuantity: 4,
        maxPerOrder: 10,
      },
    ]);
    expect(await getCurrentVariants(db(), [])).toEqual([]);
  });
});
