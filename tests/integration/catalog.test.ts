import {
  getProduct,
  listFeaturedProducts,
  listProductsForSitemap,
} from "@server/catalog/catalog-service";
import { products, productVariants } from "@server/catalog/schema";
import { DomainError } from "@server/errors";
import { seedProducts } from "@server/seed/catalog-data";
import { seedCatalog, seedCatalogIfEmpty } from "@server/seed/seed-catalog";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createProduct, listedProducts } from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

describe.each(testDrivers)("catalogue on %s", (driver) => {
  const queries: string[] = [];
  const database = useTestDatabase(driver, { onQuery: (query) => queries.push(query) });
  const db = () => database.db();

  describe("listProducts", () => {
    it("lists products on sale, newest first, each with its oldest variant as the default", async () => {
      await createProduct(db(), {
        id: "older",
        createdAt: new Date("2026-01-01T00:00:00Z"),
        variants: [
          {
            id: "older-b",
            name: "Second",
            pricePence: 900,
            createdAt: new Date("2026-01-02T00:00:00Z"),
          },
          {
            id: "older-a",
            name: "First",
            pricePence: 500,
            createdAt: new Date("2026-01-01T00:00:00Z"),
          },
        ],
      });
      await createProduct(db(), { id: "newer", createdAt: new Date("2026-02-01T00:00:00Z") });
      await createProduct(db(), { id: "hidden", active: false });

      const list = await listedProducts(db());
      expect(list.map((product) => product.id)).toEqual(["newer", "older"]);
      expect(list[1]?.defaultVariant).toEqual({
        id: "older-a",
        name: "First",
        pricePence: 500,
        compareAtPricePence: null,
        stockQuantity: 10,
        maxPerOrder: 10,
      });
      // A card's fields and nothing more: what a listing page sends the browser for each product.
      expect(Object.keys(list[1] ?? {}).sort()).toEqual([
        "defaultVariant",
        "id",
        "imageAlt",
        "imageUrl",
        "name",
        "rating",
        "saleVariant",
      ]);
    });

    it("gives a null default variant to a product without variants", async () => {
      await createProduct(db(), { id: "bare", variants: [] });
      const [product] = await listedProducts(db());
      expect(product?.defaultVariant).toBeNull();
    });

    it("returns an empty list for an empty catalogue", async () => {
      expect(await listedProducts(db())).toEqual([]);
    });

    it("costs one query whatever the catalogue size, its count included", async () => {
      for (let i = 0; i < 12; i++) {
        await createProduct(db(), { variants: [{}, {}, {}] });
      }
      queries.length = 0;
      const list = await listedProducts(db());
      expect(list).toHaveLength(12);
      expect(queries).toHaveLength(1);
    });
  });

  describe("listFeaturedProducts", () => {
    it("gives the newest products, as many as asked", async () => {
      for (let i = 1; i <= 5; i++) {
        await createProduct(db(), { id: `p${i}`, createdAt: new Date(Date.UTC(2026, 0, i)) });
      }
      const featured = await listFeaturedProducts(db(), 3);
      expect(featured.map((product) => product.id)).toEqual(["p5", "p4", "p3"]);
      // The home page's lead shows the opening of its description.
      expect(featured[0]?.excerpt).toBe("A product made for tests.");
    });
  });

  describe("getProduct", () => {
    it("returns a product with all variants, the default first, in one query", async () => {
      await createProduct(db(), {
        id: "strips",
        name: "Strips",
        variants: [
          { id: "kit", name: "Kit", pricePence: 3999, createdAt: new Date("2026-01-01T00:00:00Z") },
          {
            id: "two",
            name: "Two",
            pricePence: 7998,
            compareAtPricePence: 8500,
            createdAt: new Date("2026-01-03T00:00:00Z"),
          },
        ],
      });
      queries.length = 0;
      const product = await getProduct(db(), "strips");
      expect(queries).toHaveLength(1);
      expect(product.name).toBe("Strips");
      expect(
        product.variants.map((variant) => [
          variant.id,
          variant.pricePence,
          variant.compareAtPricePence,
        ]),
      ).toEqual([
        ["kit", 3999, null],
        ["two", 7998, 8500],
      ]);
      expect(product.summary).toBe("A product made for tests.");
    });

    it("sanitises the stored description again on read", async () => {
      await createProduct(db(), {
        id: "tampered",
        descriptionHtml: '<p>Fine</p><script>alert("x")</script><img src=x onerror=alert(1)>',
      });
      const product = await getProduct(db(), "tampered");
      expect(product.descriptionHtml).toBe("<p>Fine</p>");
    });

    it("answers NOT_FOUND with the spec's message for an unknown or withdrawn product", async () => {
      await createProduct(db(), { id: "withdrawn", active: false });
      for (const id of ["nope", "withdrawn"]) {
        const error = await getProduct(db(), id).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(DomainError);
        expect(error).toMatchObject({ code: "NOT_FOUND", message: "Product not found." });
      }
    });
  });

  describe("listProductsForSitemap", () => {
    it("lists every product on sale", async () => {
      await createProduct(db(), { id: "a" });
      await createProduct(db(), { id: "b", active: false });
      const entries = await listProductsForSitemap(db());
      expect(entries.map((entry) => entry.id)).toEqual(["a"]);
      expect(entries[0]?.updatedAt).toBeInstanceOf(Date);
    });
  });

  describe("constraints", () => {
    it("never lets stock go below zero", async () => {
      await createProduct(db(), { id: "stocked", variants: [{ id: "v", stockQuantity: 1 }] });
      await expect(
        db()
          .update(productVariants)
          .set({ stockQuantity: sql`${productVariants.stockQuantity} - 2` })
          .where(eq(productVariants.id, "v")),
      ).rejects.toThrow();
      const [row] = await db().select().from(productVariants).where(eq(productVariants.id, "v"));
      expect(row?.stockQuantity).toBe(1);
    });

    it("accepts a compare-at price only above the price", async () => {
      await expect(
        createProduct(db(), { variants: [{ pricePence: 1000, compareAtPricePence: 1000 }] }),
      ).rejects.toThrow();
    });
  });

  describe("seed", () => {
    it("loads the demo catalogue with the spec's ids and prices", async () => {
      await seedCatalog(db());
      const strips = await getProduct(db(), "prod1");
      expect(strips.name).toBe("Whitening Strips");
      expect(strips.variants.map((variant) => variant.pricePence)).toEqual([3999, 7998]);
      expect((await getProduct(db(), "prod2")).variants[0]?.pricePence).toBe(1499);
      expect((await getProduct(db(), "prod3")).variants[0]?.pricePence).toBe(2499);
      const featured = await listFeaturedProducts(db(), 3);
      expect(featured.map((product) => product.id)).toEqual(["prod1", "prod4", "prod3"]);
    });

    it("is idempotent and never overwrites an edit", async () => {
      await seedCatalog(db());
      await db().update(products).set({ name: "Edited" }).where(eq(products.id, "prod2"));
      await seedCatalog(db());
      const [{ count } = { count: 0 }] = await db()
        .select({ count: sql<number>`count(*)::int` })
        .from(products);
      const [{ variantCount } = { variantCount: 0 }] = await db()
        .select({ variantCount: sql<number>`count(*)::int` })
        .from(productVariants);
      expect(count).toBe(seedProducts.length);
      expect(variantCount).toBe(
        seedProducts.reduce((sum, product) => sum + product.variants.length, 0),
      );
      expect((await getProduct(db(), "prod2")).name).toBe("Edited");
    });

    it("seeds only an empty catalogue when asked to seed if empty", async () => {
      await createProduct(db(), { id: "mine" });
      expect(await seedCatalogIfEmpty(db())).toBe(0);
      expect((await listedProducts(db())).map((product) => product.id)).toEqual(["mine"]);
      await db().delete(products);
      expect(await seedCatalogIfEmpty(db())).toBe(seedProducts.length);
    });
  });
});
