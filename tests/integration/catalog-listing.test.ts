import { systemActor } from "@server/audit/audit-log";
import { findProducts, listFeaturedProducts } from "@server/catalog/catalog-service";
import { getCategory, listCategories } from "@server/catalog/categories";
import { deleteCategory } from "@server/catalog/category-editor";
import { setProductActive } from "@server/catalog/product-editor";
import { productCounts, products, productVariants } from "@server/catalog/schema";
import { DomainError } from "@server/errors";
import { adjustStock } from "@server/stock/stock-service";
import { count, eq, ne } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ListingSort } from "../../common/catalog/store-listing";
import { createCategory, createProduct } from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// The store's listing at scale: sorts, filters, totals and paging without duplicates or
// gaps, on both databases.

describe.each(testDrivers)("catalogue listing on %s", (driver) => {
  const queries: string[] = [];
  const database = useTestDatabase(driver, { onQuery: (query) => queries.push(query) });
  const db = () => database.db();
  const ids = (list: Array<{ id: string }>) => list.map((product) => product.id);

  /** 23 products: ties on price, on date and on rank, so every order needs its tie-break. */
  async function catalogue() {
    const strips = await createCategory(db(), { name: "Whitening Strips", position: 1 });
    const pens = await createCategory(db(), { name: "Pens", position: 2 });
    const sameDay = new Date("2026-05-01T00:00:00Z");
    for (let i = 1; i <= 23; i++) {
      await createProduct(db(), {
        id: `p${String(i).padStart(2, "0")}`,
        categoryId: i % 3 === 0 ? pens.id : i % 3 === 1 ? strips.id : null,
        featuredRank: i % 4 === 0 ? 10 : 0,
        createdAt: i % 5 === 0 ? sameDay : new Date(Date.UTC(2026, 0, i)),
        variants: [{ pricePence: 500 + (i % 6) * 250, stockQuantity: i % 7 === 0 ? 0 : 5 }],
      });
    }
  }

  async function everyPage(sort: ListingSort, pageSize: number, filter = {}) {
    const seen: string[] = [];
    let total = -1;
    for (let offset = 0; offset < 200; offset += pageSize) {
      const page = await findProducts(db(), { sort, limit: pageSize, offset, ...filter });
      total = page.total;
      if (page.products.length === 0) break;
      seen.push(...ids(page.products));
    }
    return { seen, total };
  }

  it.each(["featured", "newest", "price-asc", "price-desc"] as const)(
    "pages the %s order without duplicates or gaps",
    async (sort) => {
      await catalogue();
      const whole = await findProducts(db(), { sort, limit: 100, offset: 0 });
      expect(whole.total).toBe(23);
      const paged = await everyPage(sort, 5);
      expect(paged.seen).toEqual(ids(whole.products));
      expect(new Set(paged.seen).size).toBe(23);
      expect(paged.total).toBe(23);
    },
  );

  it("sorts as each sort says, ties broken the same way every time", async () => {
    await catalogue();
    const list = async (sort: ListingSort) =>
      (await findProducts(db(), { sort, limit: 100, offset: 0 })).products;
    const prices = (await list("price-asc")).map((product) => product.variants[0]?.pricePence);
    expect(prices).toEqual([...prices].sort((a = 0, b = 0) => a - b));
    const high = (await list("price-desc")).map((product) => product.variants[0]?.pricePence);
    expect(high).toEqual([...high].sort((a = 0, b = 0) => b - a));
    const newest = (await list("newest")).map((product) => product.createdAt.getTime());
    expect(newest).toEqual([...newest].sort((a, b) => b - a));
    // Featured: the ranked products first (p04, p08, p12, p16, p20), newest first among them.
    const featured = ids(await list("featured"));
    expect(featured.slice(0, 5).sort()).toEqual(["p04", "p08", "p12", "p16", "p20"]);
    expect(ids(await listFeaturedProducts(db(), 2))).toEqual(featured.slice(0, 2));
  });

  it("filters by category, price range and stock, and counts what matches", async () => {
    await catalogue();
    const pens = await findProducts(db(), {
      sort: "newest",
      categorySlug: "pens",
      limit: 100,
      offset: 0,
    });
    expect(pens.total).toBe(7);
    expect(ids(pens.products).every((id) => Number(id.slice(1)) % 3 === 0)).toBe(true);

    const band = await findProducts(db(), {
      sort: "price-asc",
      minPricePence: 750,
      maxPricePence: 1000,
      limit: 100,
      offset: 0,
    });
    const bandPrices = band.products.map((product) => product.variants[0]?.pricePence ?? 0);
    expect(band.total).toBe(bandPrices.length);
    expect(bandPrices.length).toBeGreaterThan(0);
    expect(bandPrices.every((price) => price >= 750 && price <= 1000)).toBe(true);

    const inStock = await findProducts(db(), {
      sort: "newest",
      inStock: true,
      limit: 100,
      offset: 0,
    });
    expect(inStock.total).toBe(20);
    expect(ids(inStock.products)).not.toContain("p07");

    const none = await findProducts(db(), {
      sort: "newest",
      categorySlug: "no-such-category",
      limit: 100,
      offset: 0,
    });
    expect(none).toEqual({ products: [], total: 0, totalIsExact: true });

    const paged = await everyPage("price-desc", 4, {
      categorySlug: "whitening-strips",
      inStock: true,
    });
    expect(new Set(paged.seen).size).toBe(paged.total);
  });

  it("keeps the counts a listing reads true through every change to the products", async () => {
    const strips = await createCategory(db(), { name: "Whitening Strips" });
    const pens = await createCategory(db(), { name: "Pens" });
    for (let i = 1; i <= 5; i++) await createProduct(db(), { id: `s${i}`, categoryId: strips.id });
    for (let i = 1; i <= 3; i++) await createProduct(db(), { id: `n${i}`, categoryId: pens.id });
    await createProduct(db(), { id: "loose" });
    await createProduct(db(), { id: "archived", categoryId: strips.id, active: false });

    /** What each listing says it holds is what a count of the products on sale finds. */
    async function expectTrueCounts(expected: { all: number; strips: number; pens: number }) {
      const totals = async (categorySlug?: string) =>
        (await findProducts(db(), { sort: "featured", categorySlug, limit: 1, offset: 0 })).total;
      expect({
        all: await totals(),
        strips: await totals("whitening-strips"),
        pens: await totals("pens"),
      }).toEqual(expected);
      const kept = await db().select().from(productCounts).where(ne(productCounts.onSale, 0));
      const counted = await db()
        .select({ categoryId: products.categoryId, onSale: count() })
        .from(products)
        .where(eq(products.active, true))
        .groupBy(products.categoryId);
      const fromCounts = Object.fromEntries(kept.map((row) => [row.scope, row.onSale]));
      const all = counted.reduce((sum, row) => sum + row.onSale, 0);
      const byCategory = counted.filter((row) => row.categoryId !== null && row.onSale > 0);
      expect(fromCounts).toEqual({
        ...(all > 0 ? { "": all } : {}),
        ...Object.fromEntries(byCategory.map((row) => [row.categoryId, row.onSale])),
      });
    }

    await expectTrueCounts({ all: 9, strips: 5, pens: 3 });
    const admin = systemActor("test");
    await setProductActive(db(), admin, "s1", false);
    await setProductActive(db(), admin, "archived", true);
    await expectTrueCounts({ all: 9, strips: 5, pens: 3 });
    await db().update(products).set({ categoryId: pens.id }).where(eq(products.id, "s2"));
    await expectTrueCounts({ all: 9, strips: 4, pens: 4 });
    await db().update(products).set({ active: false }).where(eq(products.categoryId, pens.id));
    await expectTrueCounts({ all: 5, strips: 4, pens: 0 });
    await db().update(products).set({ active: true });
    await expectTrueCounts({ all: 10, strips: 5, pens: 4 });
    await deleteCategory(db(), admin, strips.id);
    await expectTrueCounts({ all: 10, strips: 0, pens: 4 });
    await db().delete(productVariants).where(eq(productVariants.productId, "loose"));
    await db().delete(products).where(eq(products.id, "loose"));
    await expectTrueCounts({ all: 9, strips: 0, pens: 4 });
    await db()
      .insert(products)
      .values(
        ["b1", "b2", "b3"].map((id) => ({
          id,
          slug: id,
          name: id,
          descriptionHtml: "<p>Bulk.</p>",
          imageUrl: "/images/products/whitening-pen.svg",
          imageAlt: id,
          categoryId: pens.id,
          active: id !== "b3",
        })),
      );
    await expectTrueCounts({ all: 11, strips: 0, pens: 6 });
  });

  it("follows stock as it changes: a product whose last unit goes is not in stock", async () => {
    await createProduct(db(), { id: "last", variants: [{ id: "last-1", stockQuantity: 1 }] });
    const inStock = () =>
      findProducts(db(), { sort: "newest", inStock: true, limit: 10, offset: 0 }).then(
        (page) => page.total,
      );
    expect(await inStock()).toBe(1);
    await adjustStock(db(), {
      variantId: "last-1",
      counted: 0,
      actor: systemActor("test"),
      reason: "Damaged",
    });
    expect(await inStock()).toBe(0);
  });

  it("keeps the product's price as its default (oldest) variant's, as variants change", async () => {
    await createProduct(db(), {
      id: "kit",
      createdAt: new Date("2026-01-01T00:00:00Z"),
      variants: [
        { id: "kit-a", pricePence: 1500, createdAt: new Date("2026-01-01T00:00:00Z") },
        { id: "kit-b", pricePence: 900, createdAt: new Date("2026-01-02T00:00:00Z") },
      ],
    });
    const price = async () =>
      (await db().select().from(products).where(eq(products.id, "kit")))[0]?.pricePence;
    expect(await price()).toBe(1500);
    await db()
      .update(productVariants)
      .set({ pricePence: 1700 })
      .where(eq(productVariants.id, "kit-a"));
    expect(await price()).toBe(1700);
    await db().delete(productVariants).where(eq(productVariants.id, "kit-a"));
    expect(await price()).toBe(900);
    await db()
      .insert(productVariants)
      .values({
        id: "kit-0",
        productId: "kit",
        name: "Older",
        pricePence: 400,
        createdAt: new Date("2025-12-01T00:00:00Z"),
      });
    expect(await price()).toBe(400);
    const cheapest = await findProducts(db(), {
      sort: "price-asc",
      maxPricePence: 400,
      limit: 5,
      offset: 0,
    });
    expect(ids(cheapest.products)).toEqual(["kit"]);
  });

  it("lists categories in their order and finds one by slug", async () => {
    await createCategory(db(), { name: "Pens", position: 2 });
    await createCategory(db(), { name: "Bundles", position: 3 });
    await createCategory(db(), { name: "Whitening Strips", position: 1 });
    expect((await listCategories(db())).map((category) => category.slug)).toEqual([
      "whitening-strips",
      "pens",
      "bundles",
    ]);
    expect(await getCategory(db(), "pens")).toEqual({
      slug: "pens",
      name: "Pens",
      description: "Everything in Pens.",
    });
    await expect(getCategory(db(), "nope")).rejects.toBeInstanceOf(DomainError);
  });

  it("costs one query a listing page, its count included, whatever the page number", async () => {
    await catalogue();
    for (const offset of [0, 15]) {
      queries.length = 0;
      await findProducts(db(), { sort: "price-asc", inStock: true, limit: 3, offset });
      expect(queries).toHaveLength(1);
    }
  });
});
