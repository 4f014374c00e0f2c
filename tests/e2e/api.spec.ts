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

test.describe("better-auth over HTTP", () => {
  test("only the emailed links and log out are reachable; the rest is the pages' own business", async ({
    request,
    baseURL,
  }) => {
    const origin = { Origin: baseURL ?? "" };
    for (const path of [
      "/api/auth/sign-up/email",
      "/api/auth/update-user",
      "/api/auth/sign-in/email",
    ]) {
      const response = await request.post(path, {
        data: { name: "A".repeat(10_000), email: "x@example.com", password: "long-enough-1" },
        headers: origin,
      });
      expect(response.status(), path).toBe(404);
    }
    expect((await request.get("/api/auth/get-session")).status()).toBe(404);
    // A verification link with a bad token still lands on the shop's own page.
    const link = await request.get(
      "/api/auth/verify-email?token=bad&callbackURL=%2Flogin%3Fverified%3D1",
      {
        maxRedirects: 0,
      },
    );
    expect(link.status()).toBe(302);
    expect(link.headers().location).toMatch(/^\/login\?verified=1&error=/);
  });
});
