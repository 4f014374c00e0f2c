import { merchantFeedVariants, merchantFeedXml } from "@server/catalog/merchant-feed";
import { describe, expect, it } from "vitest";
import { createProduct } from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";
import { xmlProblems } from "../strict-xml";

const site = { baseUrl: "https://gleam.example", shopName: "Gleam" };
const pricing = {
  shippingFlatRatePence: 399,
  freeShippingOverPence: 5000,
  firstOrderDiscountPercent: 10,
};

describe.each(testDrivers)("the Google Merchant Center feed on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();

  it("lists every variant on sale with a picture, and leaves out drafts and products without one", async () => {
    await createProduct(db(), {
      id: "kit",
      name: "Strips",
      variants: [
        {
          id: "kit-one",
          name: "Single Kit",
          pricePence: 3999,
          stockQuantity: 5,
          sku: "GL-KIT-1",
          barcode: "5012345678900",
          grams: 120,
        },
        {
          id: "kit-two",
          name: "Two-Kit",
          pricePence: 5999,
          compareAtPricePence: 7998,
          stockQuantity: 0,
        },
      ],
    });
    await createProduct(db(), { id: "draft", active: false });
    await createProduct(db(), { id: "bare", imageUrl: "/images/products/no-picture.svg" });
    const variants = await merchantFeedVariants(db());
    expect(variants.map((variant) => [variant.id, variant.siblings])).toEqual([
      ["kit-one", 2],
      ["kit-two", 2],
    ]);

    const xml = merchantFeedXml(site, pricing, variants);
    const items = xml.split("<item>").slice(1);
    expect(items).toHaveLength(2);
    const [one = "", two = ""] = items;
    expect(one).toContain("<g:id>kit-one</g:id><g:item_group_id>kit</g:item_group_id>");
    expect(one).toContain("<title>Strips (Single Kit)</title>");
    expect(one).toContain("<link>https://gleam.example/product/kit</link>");
    expect(one).toContain(
      "<g:image_link>https://gleam.example/images/products/whitening-strips.jpg</g:image_link>",
    );
    expect(one).toContain(
      "<g:availability>in_stock</g:availability><g:price>39.99 GBP</g:price><g:brand>",
    );
    // Under the free-delivery threshold: the standard delivery's price.
    expect(one).toContain(
      "<g:shipping><g:country>GB</g:country><g:service>Standard</g:service><g:price>3.99 GBP</g:price></g:shipping>",
    );
    // A compare-at price above the price: the compare-at is the price, the price a sale price;
    // over the threshold it ships free; none left is out of stock.
    expect(two).toContain(
      "<g:availability>out_of_stock</g:availability><g:price>79.98 GBP</g:price><g:sale_price>59.99 GBP</g:sale_price>",
    );
    expect(two).toContain("<g:price>0.00 GBP</g:price></g:shipping>");
    // Its codes when it has them; else Google is told it has none.
    expect(one).toContain(
      "<g:gtin>5012345678900</g:gtin><g:mpn>GL-KIT-1</g:mpn><g:shipping_weight>120 g</g:shipping_weight>",
    );
    expect(one).not.toContain("identifier_exists");
    expect(two).toContain("<g:identifier_exists>no</g:identifier_exists>");
  });

  it("writes its text as XML, the description as plain text", async () => {
    await createProduct(db(), {
      id: "pen",
      name: 'Pen & "Brush" <Set>',
      descriptionHtml: "<p>Bright <strong>smiles</strong> &amp; fresh breath.</p>",
    });
    const xml = merchantFeedXml(site, pricing, await merchantFeedVariants(db()));
    expect(xml).toContain("<title>Pen &amp; &quot;Brush&quot; &lt;Set&gt;</title>");
    expect(xml).toContain("<description>Bright smiles &amp; fresh breath.</description>");
    expect(xml).not.toContain("<g:item_group_id>");
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
      ),
    ).toBe(true);
  });

  // A character XML 1.0 forbids in a product's name never makes the feed unreadable.
  it("stays valid XML whatever a product's name holds", async () => {
    await createProduct(db(), {
      id: "odd",
      name: "Odd\uFFFE pen\uFFFF",
      descriptionHtml: "<p>x\uFFFE</p>",
    });
    const xml = merchantFeedXml(site, pricing, await merchantFeedVariants(db()));
    expect(xml).toContain("<title>Odd pen</title>");
    expect(xmlProblems(xml)).toEqual([]);
  });
});
