import { products } from "@server/catalog/schema";
import { setDatabaseHandle } from "@server/db/connection";
import { seedScaleCatalog } from "@server/seed/scale-catalog";
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { loader as productLoader } from "../../app/routes/api.product";
import { action as productsAction, loader as productsLoader } from "../../app/routes/api.products";
import { loader as variantsLoader } from "../../app/routes/api.variants";
import { loader as searchLoader } from "../../app/routes/search";
import { loader as storeLoader } from "../../app/routes/store";
import { createCategory, createProduct } from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// The JSON API and the search page's loader, called as React Router calls them, on the real
// database. Each returns a Response (the API) or plain data (the page).

/** A loader's arguments; the route's own argument type is taken from where it is passed. */
function args<T>(path: string, init: RequestInit = {}, params: Record<string, string> = {}): T {
  return {
    request: new Request(`http://shop.test${path}`, init),
    url: new URL(`http://shop.test${path}`),
    params,
  } as unknown as T;
}

async function getJson(response: Response) {
  return { status: response.status, body: await response.json() };
}

describe.each(testDrivers)("catalogue API on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();

  beforeEach(() => setDatabaseHandle(database.handle()));
  afterAll(() => setDatabaseHandle(undefined));

  async function shop() {
    await createProduct(db(), {
      id: "strips",
      name: "Whitening Strips",
      slug: "whitening-strips",
      descriptionHtml: '<p>Fourteen days.</p><script>alert("x")</script>',
      createdAt: new Date("2026-01-01T00:00:00Z"),
      variants: [
        { id: "strips-1", name: "Single Kit", pricePence: 3999, stockQuantity: 120 },
        { id: "strips-2", name: "Two-Kit", pricePence: 7998, stockQuantity: 40 },
      ],
    });
    await createProduct(db(), {
      id: "pen",
      name: "Whitening Pen",
      descriptionHtml: "<p>Touch-ups on the go.</p>",
      createdAt: new Date("2026-02-01T00:00:00Z"),
      variants: [{ id: "pen-1", name: "Twin", pricePence: 4499, compareAtPricePence: 4998 }],
    });
    await createProduct(db(), {
      id: "paste",
      name: "Toothpaste",
      descriptionHtml: "<p>Everyday whitening.</p>",
      createdAt: new Date("2026-03-01T00:00:00Z"),
    });
  }

  describe("GET /api/products", () => {
    it("lists products newest first in the documented shape, prices in integer pence", async () => {
      await shop();
      // The figures the reviews' trigger keeps (two visible reviews, 4 and 5 stars).
      await db()
        .update(products)
        .set({ reviewCount: 2, reviewStarTotal: 9 })
        .where(eq(products.id, "pen"));
      const { status, body } = await getJson(await productsLoader(args("/api/products")));
      expect(status).toBe(200);
      expect(body.products.map((product: { id: string }) => product.id)).toEqual([
        "paste",
        "pen",
        "strips",
      ]);
      expect(body.products[2]).toEqual({
        id: "strips",
        name: "Whitening Strips",
        slug: "whitening-strips",
        descriptionHtml: "<p>Fourteen days.</p>",
        imageUrl: "/images/products/whitening-strips.svg",
        createdAt: "2026-01-01T00:00:00.000Z",
        variants: [
          {
            id: "strips-1",
            name: "Single Kit",
            pricePence: 3999,
            compareAtPricePence: null,
            // 120 in stock: published as the band (20), never the exact figure.
            stockQuantity: 20,
            maxPerOrder: 10,
          },
          {
            id: "strips-2",
            name: "Two-Kit",
            pricePence: 7998,
            compareAtPricePence: null,
            stockQuantity: 20,
            maxPerOrder: 10,
          },
        ],
        rating: null,
      });
      expect(body.products[1].variants[0].compareAtPricePence).toBe(4998);
      expect(body.products[1].rating).toEqual({ average: 4.5, count: 2 });
    });

    it("searches with q, name matches first", async () => {
      await shop();
      const { body } = await getJson(await productsLoader(args("/api/products?q=whitening")));
      expect(body.products.map((product: { id: string }) => product.id)).toEqual([
        "pen",
        "strips",
        "paste",
      ]);
      expect(body.total).toBe(3);
      expect(body.totalIsExact).toBe(true);
      expect(body).not.toHaveProperty("correctedTo");
      // A typo: the same products, and the words searched instead.
      const typo = await getJson(await productsLoader(args("/api/products?q=whitning")));
      expect(typo.body.products.map((product: { id: string }) => product.id)).toEqual([
        "pen",
        "strips",
        "paste",
      ]);
      expect(typo.body.correctedTo).toBe("whitening");
      const none = await getJson(await productsLoader(args("/api/products?q=%25%25")));
      expect(none).toEqual({ status: 200, body: { products: [], total: 0, totalIsExact: true } });
    });

    it("filters by category, price and stock, sorts, and gives the total", async () => {
      await shop();
      const pens = await createCategory(db(), { name: "Pens" });
      await db().update(products).set({ categoryId: pens.id }).where(eq(products.id, "pen"));
      const listed = async (query: string) => {
        const { status, body } = await getJson(
          await productsLoader(args(`/api/products?${query}`)),
        );
        expect(status).toBe(200);
        return [body.products.map((product: { id: string }) => product.id), body.total];
      };
      expect(await listed("category=pens")).toEqual([["pen"], 1]);
      expect(await listed("sort=price-asc")).toEqual([["paste", "strips", "pen"], 3]);
      expect(await listed("sort=price-desc&limit=1")).toEqual([["pen"], 3]);
      expect(await listed("minPrice=3999&maxPrice=4499&sort=price-asc")).toEqual([
        ["strips", "pen"],
        2,
      ]);
      expect(await listed("inStock=true&minPrice=4000")).toEqual([["pen"], 1]);
      expect(await listed("q=whitening&sort=newest")).toEqual([["paste", "pen", "strips"], 3]);
    });

    it.each([
      ["category=nope", "category is not a category of this shop."],
      ["category=Bad%20Slug", "category must be a category's slug."],
      ["sort=cheapest", "sort must be one of relevance, featured, newest, price-asc, price-desc."],
      ["minPrice=-1", "minPrice must be a whole number from 0 to 10000000."],
      ["maxPrice=1.5", "maxPrice must be a whole number from 0 to 10000000."],
      ["minPrice=500&maxPrice=100", "minPrice must not be above maxPrice."],
      ["inStock=yes", "inStock must be true or false."],
    ])("refuses %s with 400 and says why", async (query, error) => {
      await shop();
      const answer = await getJson(await productsLoader(args(`/api/products?${query}`)));
      expect(answer).toEqual({ status: 400, body: { error } });
    });

    it("pages with limit and offset", async () => {
      await shop();
      const { body } = await getJson(await productsLoader(args("/api/products?limit=1&offset=1")));
      expect(body.products.map((product: { id: string }) => product.id)).toEqual(["pen"]);
    });

    it("says a search matching over 1,000 products found more than it counted", async () => {
      // "flavour" is in every generated product's description.
      await seedScaleCatalog(db(), 1200);
      const first = await getJson(await productsLoader(args("/api/products?q=flavour&limit=24")));
      expect(first.body).toMatchObject({ total: 1000, totalIsExact: false });
      expect(first.body.products).toHaveLength(24);
      // Counted past the page asked for: to its end, and exactly once it reaches the last match.
      const deep = await getJson(
        await productsLoader(args("/api/products?q=flavour&limit=100&offset=1000")),
      );
      expect(deep.body).toMatchObject({ total: 1100, totalIsExact: false });
      const last = await getJson(
        await productsLoader(args("/api/products?q=flavour&limit=100&offset=1150")),
      );
      expect(last.body).toMatchObject({ total: 1200, totalIsExact: true });
      expect(last.body.products).toHaveLength(50);
      // A listing counts every product exactly.
      const listing = await getJson(await productsLoader(args("/api/products?limit=1")));
      expect(listing.body).toMatchObject({ total: 1200, totalIsExact: true });
    });

    it.each([
      ["limit=0", "limit must be a whole number from 1 to 100."],
      ["limit=101", "limit must be a whole number from 1 to 100."],
      ["limit=abc", "limit must be a whole number from 1 to 100."],
      ["limit=1.5", "limit must be a whole number from 1 to 100."],
      ["limit=", "limit must be a whole number from 1 to 100."],
      ["offset=-1", "offset must be a whole number from 0 to 1000000."],
      ["offset=1e3", "offset must be a whole number from 0 to 1000000."],
      ["offset=99999999", "offset must be a whole number from 0 to 1000000."],
    ])("answers 400 with { error } for %s", async (query, error) => {
      await shop();
      const response = await productsLoader(args(`/api/products?${query}`));
      expect(await getJson(response)).toEqual({ status: 400, body: { error } });
      expect(response.headers.get("ETag")).toBeNull();
    });

    it("carries an ETag and answers 304 when If-None-Match names it", async () => {
      await shop();
      const first = await productsLoader(args("/api/products"));
      const etag = first.headers.get("ETag");
      expect(etag).toMatch(/^W\/".+"$/);
      const again = await productsLoader(
        args("/api/products", { headers: { "If-None-Match": etag ?? "" } }),
      );
      expect(again.status).toBe(304);
      expect(await again.text()).toBe("");

      // A change in the catalogue changes the ETag.
      await createProduct(db(), { id: "new", createdAt: new Date("2026-04-01T00:00:00Z") });
      const changed = await productsLoader(
        args("/api/products", { headers: { "If-None-Match": etag ?? "" } }),
      );
      expect(changed.status).toBe(200);
      expect(changed.headers.get("ETag")).not.toBe(etag);
    });

    it("refuses other methods with 405", async () => {
      const response = await productsAction(args("/api/products", { method: "POST" }));
      expect(response.headers.get("Allow")).toBe("GET, HEAD");
      expect(await getJson(response)).toEqual({
        status: 405,
        body: { error: "Method not allowed." },
      });
    });
  });

  describe("GET /api/products/:id", () => {
    it("gives one product with all its variants", async () => {
      await shop();
      const { status, body } = await getJson(
        await productLoader(args("/api/products/pen", {}, { id: "pen" })),
      );
      expect(status).toBe(200);
      expect(body.product.id).toBe("pen");
      expect(body.product.variants).toEqual([
        {
          id: "pen-1",
          name: "Twin",
          pricePence: 4499,
          compareAtPricePence: 4998,
          stockQuantity: 10,
          maxPerOrder: 10,
        },
      ]);
      expect(body.product.rating).toBeNull();
    });

    it("answers 404 { error: 'Product not found.' } for an unknown, inactive or malformed id", async () => {
      await createProduct(db(), { id: "retired", active: false });
      for (const id of ["nope", "retired", "../etc", "x".repeat(200)]) {
        const response = await productLoader(args(`/api/products/${id}`, {}, { id }));
        expect(await getJson(response)).toEqual({
          status: 404,
          body: { error: "Product not found." },
        });
      }
    });
  });

  describe("GET /api/variants", () => {
    it("gives the current price and stock of the cart's variants", async () => {
      await shop();
      const { status, body } = await getJson(
        await variantsLoader(args("/api/variants?ids=pen-1,strips-2,gone")),
      );
      expect(status).toBe(200);
      expect(
        body.variants.map((variant: { variantId: string }) => variant.variantId).sort(),
      ).toEqual(["pen-1", "strips-2"]);
    });

    it.each([
      "",
      "?ids=",
      "?ids=a;b",
      `?ids=${Array.from({ length: 101 }, (_, i) => `v${i}`).join(",")}`,
    ])("answers 400 for bad ids (%s)", async (query) => {
      const response = await variantsLoader(args(`/api/variants${query}`));
      expect(await getJson(response)).toEqual({
        status: 400,
        body: { error: "ids must list 1 to 100 variant ids, separated by commas." },
      });
    });
  });

  describe("/search page loader", () => {
    it("finds by name or description and cuts an over-long query instead of failing", async () => {
      await shop();
      const found = await searchLoader(args("/search?q=Whitening"));
      expect("query" in found && found.products.map((product) => product.id)).toEqual([
        "pen",
        "strips",
        "paste",
      ]);
      const long = await searchLoader(args(`/search?q=${"z".repeat(5000)}`));
      expect("query" in long && long.query.length).toBe(100);
      expect("query" in long && long.products).toEqual([]);
    });

    it("says over 1,000 products were found, and numbers the pages on past them", async () => {
      await seedScaleCatalog(db(), 1200);
      const found = await searchLoader(args("/search?q=flavour"));
      expect(found).toMatchObject({ total: 1000, totalIsExact: false });
      const deep = await searchLoader(args("/search?q=flavour&page=42"));
      expect(deep).toMatchObject({ total: 1008, totalIsExact: false });
      expect("products" in deep && deep.products).toHaveLength(24);
    });

    it("searches nothing for a blank query", async () => {
      await shop();
      const blank = await searchLoader(args("/search?q=%20%20"));
      expect(blank).toMatchObject({ query: "", products: [], total: 0, error: null });
    });
  });

  describe("/store page loader", () => {
    it("gives a page of 24 with the total, a category's page, and 404 for an unknown one", async () => {
      for (let i = 0; i < 30; i++) {
        await createProduct(db(), { id: `s${i}`, featuredRank: i });
      }
      const pens = await createCategory(db(), { name: "Pens" });
      await db().update(products).set({ categoryId: pens.id }).where(eq(products.id, "s3"));
      const first = await storeLoader(args("/store"));
      expect("products" in first && [first.products.length, first.total]).toEqual([24, 30]);
      expect("products" in first && first.products[0]?.id).toBe("s29");
      const second = await storeLoader(args("/store?page=2"));
      expect("products" in second && second.products.map((product) => product.id)).toEqual([
        "s5",
        "s4",
        "s3",
        "s2",
        "s1",
        "s0",
      ]);
      const category = await storeLoader(args("/store/pens", {}, { category: "pens" }));
      expect("category" in category && [category.category?.name, category.total]).toEqual([
        "Pens",
        1,
      ]);
      const unknown = await storeLoader(args("/store/nope", {}, { category: "nope" }));
      expect(unknown).toMatchObject({
        init: { status: 404 },
        data: { error: "Category not found." },
      });
      const past = await storeLoader(args("/store?page=3"));
      expect(past).toMatchObject({ init: { status: 404 }, data: { products: [], total: 30 } });
    });
  });
});
