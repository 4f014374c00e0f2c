import { describe, expect, it } from "vitest";
import { absoluteUrl, listingFor, pageMeta, productJsonLd, truncateForMeta } from "./seo";

const site = { shopName: "Gleam", baseUrl: "https://shop.example" };

describe("pageMeta", () => {
  it("gives title, description, canonical and Open Graph tags", () => {
    const tags = pageMeta({ site, title: "About Us", description: "Our story.", path: "/about" });
    expect(tags).toContainEqual({ title: "About Us | Gleam" });
    expect(tags).toContainEqual({ name: "description", content: "Our story." });
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://shop.example/about",
    });
    expect(tags).toContainEqual({ property: "og:url", content: "https://shop.example/about" });
    expect(tags).toContainEqual({ property: "og:title", content: "About Us | Gleam" });
    expect(tags).toContainEqual({
      property: "og:image",
      content: "https://shop.example/images/og-default.jpg",
    });
  });

  it("cuts the description to 160 characters", () => {
    const tags = pageMeta({ site, title: "X", description: "word ".repeat(100), path: "/" });
    const description = tags.find((tag) => "name" in tag && tag.name === "description");
    expect(
      description && "content" in description && String(description.content).length,
    ).toBeLessThanOrEqual(160);
  });

  it("marks error pages noindex without a canonical", () => {
    const tags = pageMeta({ site, title: "Oops", description: "x", path: "/", noindex: true });
    expect(tags).toContainEqual({ name: "robots", content: "noindex" });
    expect(tags.some((tag) => "rel" in tag && tag.rel === "canonical")).toBe(false);
  });

  it("keeps an exact title as given", () => {
    const tags = pageMeta({
      site,
      title: "Gleam | Whitening",
      exactTitle: true,
      description: "x",
      path: "/",
    });
    expect(tags).toContainEqual({ title: "Gleam | Whitening" });
  });
});

describe("listingFor", () => {
  const defaults = { title: "Whitening Pen", description: "A pen that whitens." };

  it("uses what the admin wrote, the title whole", () => {
    expect(
      listingFor(
        { seoTitle: "The Whitening Pen Kit", seoDescription: "Touch-ups on the go." },
        defaults,
      ),
    ).toEqual({
      title: "The Whitening Pen Kit",
      exactTitle: true,
      description: "Touch-ups on the go.",
    });
  });

  it("falls back to the page's name (with the shop's) and text for what is not written", () => {
    expect(listingFor({ seoTitle: null, seoDescription: null }, defaults)).toEqual({
      title: "Whitening Pen",
      exactTitle: false,
      description: "A pen that whitens.",
    });
    expect(listingFor({ seoTitle: null, seoDescription: "Written." }, defaults).description).toBe(
      "Written.",
    );
  });
});

describe("truncateForMeta", () => {
  it("limits to 160 characters by default", () => {
    expect(truncateForMeta("a ".repeat(200)).length).toBeLessThanOrEqual(160);
  });
});

describe("absoluteUrl", () => {
  it("joins the base and the path", () => {
    expect(absoluteUrl("https://shop.example", "/product/prod1")).toBe(
      "https://shop.example/product/prod1",
    );
  });
});

describe("productJsonLd", () => {
  it("describes the product with a GBP offer per variant and its availability", () => {
    const data = productJsonLd(site, {
      id: "prod1",
      name: "Whitening Strips",
      description: "Strips.",
      imageUrls: ["/images/products/whitening-strips.svg", "/images/products/whitening-pen.svg"],
      variants: [
        {
          id: "v1",
          name: "Single Kit",
          pricePence: 3999,
          stockQuantity: 3,
          sku: "WS-1",
          barcode: "5012345678900",
        },
        {
          id: "v2",
          name: "Two-Kit Bundle",
          pricePence: 7998,
          stockQuantity: 0,
          sku: null,
          barcode: null,
        },
      ],
      rating: null,
      reviews: [],
    });
    expect(data["@type"]).toBe("Product");
    // No reviews: no rating claimed.
    expect(data).not.toHaveProperty("aggregateRating");
    expect(data).not.toHaveProperty("review");
    expect(data.image).toEqual([
      "https://shop.example/images/products/whitening-strips.jpg",
      "https://shop.example/images/products/whitening-pen.jpg",
    ]);
    expect(data.offers).toEqual([
      expect.objectContaining({
        "@type": "Offer",
        sku: "WS-1",
        gtin: "5012345678900",
        price: "39.99",
        priceCurrency: "GBP",
        availability: "https://schema.org/InStock",
      }),
      expect.objectContaining({
        sku: "v2",
        price: "79.98",
        availability: "https://schema.org/OutOfStock",
      }),
    ]);
  });

  it("carries the rating and the page's reviews only when the product has reviews", () => {
    const data = productJsonLd(site, {
      id: "prod1",
      name: "Whitening Strips",
      description: "Strips.",
      imageUrls: ["/images/products/whitening-strips.svg"],
      variants: [
        {
          id: "v1",
          name: "Single Kit",
          pricePence: 3999,
          stockQuantity: 3,
          sku: null,
          barcode: null,
        },
      ],
      rating: { average: 4.7, count: 3 },
      reviews: [
        {
          rating: 5,
          title: "Brighter",
          body: "<b>Whiter</b> in a week.",
          reviewer: "Ada",
          createdAt: new Date("2026-11-02T10:00:00Z"),
        },
      ],
    });
    expect(data.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.7,
      reviewCount: 3,
      bestRating: 5,
      worstRating: 1,
    });
    expect(data.review).toEqual([
      expect.objectContaining({
        "@type": "Review",
        name: "Brighter",
        reviewBody: "<b>Whiter</b> in a week.",
        datePublished: "2026-11-02",
        author: { "@type": "Person", name: "Ada" },
        reviewRating: expect.objectContaining({ ratingValue: 5 }),
      }),
    ]);
  });
});
