import { expect, test } from "./fixtures";

// The catalogue API over real HTTP, through the page cache that holds its answers.

test.describe("catalogue API over HTTP", () => {
  test("answers JSON with an ETag, and 304 to a request that names it", async ({ request }) => {
    const first = await request.get("/api/products?limit=2");
    expect(first.status()).toBe(200);
    expect(first.headers()["content-type"]).toMatch(/^application\/json/);
    const body = await first.json();
    expect(body.products).toHaveLength(2);
    expect(Number.isInteger(body.products[0].variants[0].pricePence)).toBe(true);
    const etag = first.headers().etag ?? "";
    expect(etag).toMatch(/^W\/".+"$/);

    // Twice: the first may be rendered, the second comes from the cache; both honour the ETag.
    for (let attempt = 0; attempt < 2; attempt++) {
      const again = await request.get("/api/products?limit=2", {
        headers: { "If-None-Match": etag },
      });
      expect(again.status()).toBe(304);
      expect(again.headers().etag).toBe(etag);
    }
    const other = await request.get("/api/products?limit=2", {
      headers: { "If-None-Match": 'W/"something-else"' },
    });
    expect(other.status()).toBe(200);
  });

  test("one product, and the errors as { error }", async ({ request }) => {
    const pen = await request.get("/api/products/prod3");
    expect(pen.status()).toBe(200);
    expect(
      (await pen.json()).product.variants.map((variant: { id: string }) => variant.id),
    ).toEqual(["prod3-single", "prod3-twin"]);

    const missing = await request.get("/api/products/nope");
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toEqual({ error: "Product not found." });

    const bad = await request.get("/api/products?limit=500");
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toEqual({ error: "limit must be a whole number from 1 to 100." });

    const unknown = await request.get("/api/nothing-here");
    expect(unknown.status()).toBe(404);
    expect(await unknown.json()).toEqual({ error: "Not found." });

    const post = await request.post("/api/products", { data: {} });
    expect(post.status()).toBe(405);
  });

  test("the cart re-check is never served from the cache", async ({ request }) => {
    const response = await request.get("/api/variants?ids=prod2-75ml");
    expect(response.status()).toBe(200);
    expect(response.headers()["x-page-cache"]).toBeUndefined();
    expect((await response.json()).variants).toHaveLength(1);
  });
});
