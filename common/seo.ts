import type { MetaDescriptor } from "react-router";
import { shareableImageUrl } from "./catalog/product-images";
import { penceToDecimalString } from "./money";
import { type PublicConfig, rootDataFrom } from "./public-config";
import type { RatingSummary } from "./reviews/ratings";
import type { ReviewView } from "./reviews/review-types";
import { truncateAtWord } from "./truncate";

// Every page's head: title, description, canonical URL and Open Graph (docs/product.md#beyond-a-brochure-site), built in one place.

const META_DESCRIPTION_MAX = 160;

/** The most a search title or description the admin writes may hold (what results show). */
export const SEO_TITLE_MAX = 70;
export const SEO_DESCRIPTION_MAX = META_DESCRIPTION_MAX;

/** What the admin wrote for search engines about a product or a category, if anything. */
export type SearchListing = { seoTitle: string | null; seoDescription: string | null };

/**
 * The title and description a page gives search engines and link previews: what the admin wrote,
 * whole, else the page's own name (with the shop's) and text.
 */
export function listingFor(
  written: SearchListing,
  defaults: { title: string; description: string },
): Pick<PageMetaInput, "title" | "exactTitle" | "description"> {
  return {
    title: written.seoTitle ?? defaults.title,
    exactTitle: written.seoTitle !== null,
    description: written.seoDescription ?? defaults.description,
  };
}

export type SiteInfo = { shopName: string; baseUrl: string };

/** A meta description: plain text cut to 160 characters (docs/product.md#screens, Product detail). */
export function truncateForMeta(text: string, max = META_DESCRIPTION_MAX): string {
  return truncateAtWord(text, max);
}

export function absoluteUrl(baseUrl: string, path: string): string {
  return new URL(path, `${baseUrl}/`).toString();
}

export type PageMetaInput = {
  site: SiteInfo;
  /** The page's own title; the shop name is appended unless exactTitle is set. */
  title: string;
  exactTitle?: boolean;
  description: string;
  /** Path of the canonical URL, without query string. */
  path: string;
  image?: { url: string; alt: string };
  type?: "website" | "product" | "article";
  /** For error pages: keep them out of search results. */
  noindex?: boolean;
};

export function pageMeta({
  site,
  title,
  exactTitle = false,
  description,
  path,
  image,
  type = "website",
  noindex,
}: PageMetaInput): MetaDescriptor[] {
  const fullTitle = exactTitle ? title : `${title} | ${site.shopName}`;
  const url = absoluteUrl(site.baseUrl, path);
  const summary = truncateForMeta(description);
  const ogImage = image ?? {
    url: "/images/og-default.jpg",
    alt: `${site.shopName} teeth whitening`,
  };
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: summary },
    { property: "og:site_name", content: site.shopName },
    { property: "og:type", content: type },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: summary },
    { property: "og:url", content: url },
    { property: "og:locale", content: "en_GB" },
    { property: "og:image", content: absoluteUrl(site.baseUrl, shareableImageUrl(ogImage.url)) },
    { property: "og:image:alt", content: ogImage.alt },
    { name: "twitter:card", content: "summary_large_image" },
  ];
  if (noindex) tags.push({ name: "robots", content: "noindex" });
  else tags.push({ tagName: "link", rel: "canonical", href: url });
  return tags;
}

/**
 * A route's meta tags, with the site (name, base URL) taken from the root loader's data; none when
 * the root has no data (its own error screen).
 */
export function routeMeta(
  matches: Parameters<typeof rootDataFrom>[0],
  input: (site: PublicConfig) => Omit<PageMetaInput, "site">,
): MetaDescriptor[] {
  const root = rootDataFrom(matches);
  return root ? pageMeta({ site: root.config, ...input(root.config) }) : [];
}

export type ProductForStructuredData = {
  id: string;
  name: string;
  description: string;
  /** Its pictures, the main one first. */
  imageUrls: readonly string[];
  variants: Array<{
    id: string;
    name: string;
    pricePence: number;
    stockQuantity: number;
    sku: string | null;
    /** Its GTIN, when it has one. */
    barcode: string | null;
  }>;
  /** From buyers' visible reviews; null when there are none (then no rating is claimed). */
  rating: RatingSummary | null;
  /** The reviews the page shows. */
  reviews: Array<Pick<ReviewView, "rating" | "title" | "body" | "reviewer" | "createdAt">>;
};

/**
 * schema.org Product with one GBP Offer per variant, and, only when it has reviews, its
 * aggregateRating (the same figures as the page and the cards) and the reviews on the page.
 */
export function productJsonLd(site: SiteInfo, product: ProductForStructuredData) {
  const url = absoluteUrl(site.baseUrl, `/product/${product.id}`);
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    "@id": url,
    sku: product.id,
    name: product.name,
    description: truncateForMeta(product.description, 5000),
    image: product.imageUrls.map((image) => absoluteUrl(site.baseUrl, shareableImageUrl(image))),
    url,
    brand: { "@type": "Brand", name: site.shopName },
    offers: product.variants.map((variant) => ({
      "@type": "Offer",
      sku: variant.sku ?? variant.id,
      ...(variant.barcode ? { gtin: variant.barcode } : {}),
      name: `${product.name} - ${variant.name}`,
      url,
      price: penceToDecimalString(variant.pricePence),
      priceCurrency: "GBP",
      availability:
        variant.stockQuantity > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
    })),
    ...(product.rating
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: product.rating.average,
            reviewCount: product.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
          review: product.reviews.map((review) => ({
            "@type": "Review",
            name: review.title,
            reviewBody: review.body,
            datePublished: new Date(review.createdAt).toISOString().slice(0, 10),
            author: { "@type": "Person", name: review.reviewer },
            reviewRating: {
              "@type": "Rating",
              ratingValue: review.rating,
              bestRating: 5,
              worstRating: 1,
            },
          })),
        }
      : {}),
  };
}
