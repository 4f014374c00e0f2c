import { expect, test } from "./fixtures";

// HTTP behaviour of the server; the viewport does not matter, so this runs in one project.
test.describe("HTTP server", () => {
  test("security headers with a fresh CSP nonce on every page", async ({ request }) => {
    const first = await request.get("/");
    const second = await request.get("/");
    const headers = first.headers();
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["x-frame-options"]).toBe("DENY");
    const csp = headers["content-security-policy"] ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(await first.text()).toContain(`nonce="${nonce}"`);
    expect(second.headers()["content-security-policy"]).not.toContain(`'nonce-${nonce}'`);
    // No HSTS over plain HTTP.
    expect(headers["strict-transport-security"]).toBeUndefined();
  });

  test("pages are compressed for clients that accept it", async ({ request }) => {
    const response = await request.get("/store", { headers: { "Accept-Encoding": "gzip" } });
    expect(response.headers()["content-encoding"]).toBe("gzip");
  });

  test("fingerprinted assets are cached for a year, other files briefly", async ({
    page,
    request,
  }) => {
    await page.goto("/");
    const stylesheet = await page.locator('link[rel="stylesheet"]').first().getAttribute("href");
    expect(stylesheet).toMatch(/^\/assets\//);
    const asset = await request.get(stylesheet ?? "");
    expect(asset.status()).toBe(200);
    expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    const image = await request.get("/images/products/whitening-strips.svg");
    expect(image.status()).toBe(200);
    expect(image.headers()["cache-control"]).toBe("public, max-age=86400");
  });

  test("/healthz answers 200 when the database answers", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
    expect(response.headers()["cache-control"]).toBe("no-store");
  });

  test("anonymous pages come from the page cache, never a visitor with cookies", async ({
    request,
  }) => {
    await request.get("/about");
    const cached = await request.get("/about");
    expect(cached.headers()["x-page-cache"]).toBe("HIT");
    const personal = await request.get("/about", { headers: { Cookie: "session=abc" } });
    expect(personal.headers()["x-page-cache"]).toBeUndefined();
  });

  test("every page answers with a complete document (readable without JavaScript)", async ({
    request,
  }) => {
    const html = await (await request.get("/product/prod1")).text();
    expect(html).toContain("<h1");
    expect(html).toContain("Whitening Strips");
    expect(html).toContain("What's in the kit");
  });
});
