import { expect, publicPages, test } from "./fixtures";

test.describe("search engines and link previews", () => {
  for (const path of publicPages) {
    test(`${path} has a title, a description, a canonical URL and Open Graph tags`, async ({
      page,
      baseURL,
    }) => {
      await page.goto(path);
      await expect(page).toHaveTitle(/Gleam/);
      const description = await page.locator('meta[name="description"]').getAttribute("content");
      expect(description?.length ?? 0).toBeGreaterThan(50);
      expect(description?.length ?? 999).toBeLessThanOrEqual(160);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        "href",
        `${baseURL}${path === "/" ? "/" : path}`,
      );
      for (const property of ["og:title", "og:description", "og:url", "og:image", "og:type"]) {
        await expect(page.locator(`meta[property="${property}"]`)).toHaveCount(1);
      }
      const ogImage = await page.locator('meta[property="og:image"]').getAttribute("content");
      const image = await page.request.get(ogImage ?? "");
      expect(image.status()).toBe(200);
      expect(image.headers()["content-type"]).toBe("image/jpeg");
    });
  }

  test("product page: description from the product, cut to 160 characters, and JSON-LD Product with GBP offers", async ({
    page,
    baseURL,
  }) => {
    await page.goto("/product/prod1");
    await expect(page).toHaveTitle("Whitening Strips | Gleam");
    const description =
      (await page.locator('meta[name="description"]').getAttribute("content")) ?? "";
    expect(description.startsWith("Our best-selling enamel-safe whitening strips")).toBe(true);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.endsWith("…")).toBe(true);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "product");

    const json = await page.locator('script[type="application/ld+json"]').textContent();
    const data = JSON.parse(json ?? "{}");
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Whitening Strips",
      url: `${baseURL}/product/prod1`,
      // The same short text as the meta description: the page carries its description once.
      description,
    });
    expect(data.offers).toEqual([
      expect.objectContaining({
        price: "39.99",
        priceCurrency: "GBP",
        availability: "https://schema.org/InStock",
      }),
      expect.objectContaining({ price: "79.98", priceCurrency: "GBP" }),
    ]);
  });

  test("sitemap.xml lists every public page and product", async ({ request, baseURL }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/xml");
    const xml = await response.text();
    for (const path of [...publicPages, "/product/prod2", "/product/prod3", "/product/prod4"]) {
      expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
    }
  });

  test("the Google Merchant Center feed has an item per variant, with its price and delivery", async ({
    request,
    baseURL,
  }) => {
    const response = await request.get("/feeds/google.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/xml");
    // Purged with the products and the settings it is made of.
    expect(response.headers()["surrogate-key"]?.split(" ")).toEqual(
      expect.arrayContaining(["products", "settings"]),
    );
    const xml = await response.text();
    expect(xml).toContain('<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">');
    /** One variant's item, from its id to the item's end. */
    const itemOf = (id: string) => {
      const start = xml.indexOf(`<g:id>${id}</g:id>`);
      expect(start, id).toBeGreaterThan(0);
      return xml.slice(start, xml.indexOf("</item>", start));
    };
    const single = itemOf("prod1-single");
    expect(single).toContain("<g:item_group_id>prod1</g:item_group_id>");
    expect(single).toContain(`<link>${baseURL}/product/prod1</link>`);
    expect(single).toContain("<g:price>39.99 GBP</g:price>");
    expect(single).toContain(
      `<g:image_link>${baseURL}/images/products/whitening-strips.jpg</g:image_link>`,
    );
    for (const id of ["prod1-two-kit", "prod2-75ml", "prod3-single"])
      expect(itemOf(id)).toContain("GBP");
    // The bundle alone: no item group, and over the free-delivery threshold.
    const bundle = itemOf("prod4-default");
    expect(bundle).toContain("<g:price>0.00 GBP</g:price></g:shipping>");
    expect(bundle).not.toContain("g:item_group_id");
  });

  test("robots.txt allows crawling and names the sitemap", async ({ request, baseURL }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    const text = await response.text();
    expect(text).toContain("User-agent: *");
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test("error pages are kept out of the index", async ({ page }) => {
    await page.goto("/no/such/page");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  });
});
