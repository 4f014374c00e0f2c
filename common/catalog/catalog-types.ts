// The catalogue as pages and the API see it: produced by server/catalog, shown by app/components.

import type { RatingSummary } from "../reviews/ratings";
import type { SearchListing } from "../seo";
import type { ProductPicture } from "./product-images";

export type VariantView = {
  id: string;
  name: string;
  pricePence: number;
  /** A genuine former price, or null. */
  compareAtPricePence: number | null;
  /** As the public sees it: exact below the stock band, the band above (common/stock/stock-levels.ts). */
  stockQuantity: number;
  /** The most one order may take. */
  maxPerOrder: number;
};

/** A variant as its product's page shows it: with its option values and codes. */
export type DetailVariantView = VariantView & {
  /** One per option of the product, in its order. */
  optionValues: string[];
  sku: string | null;
  /** Its GTIN. */
  barcode: string | null;
  /** The product's picture that shows it; none: the main one. */
  imageUrl: string | null;
};

/** A product on sale with every variant, as lists and the JSON API read it. */
export type CatalogProduct = {
  id: string;
  slug: string;
  name: string;
  imageUrl: string;
  imageAlt: string;
  createdAt: Date;
  /** Sanitised HTML. */
  descriptionHtml: string;
  /** Oldest first: the first is the default. */
  variants: VariantView[];
  /** From its visible reviews by buyers; null when it has none. */
  rating: RatingSummary | null;
};

/**
 * A product as cards show it: all a listing page (store, category, search, wishlist) sends the
 * browser for each product, nothing it does not show.
 */
export type ProductSummary = Pick<
  CatalogProduct,
  "id" | "name" | "imageUrl" | "imageAlt" | "rating"
> & {
  /** The first variant by creation date (docs/product.md#records); null when the product has none. */
  defaultVariant: VariantView | null;
  /**
   * The default variant if it has a genuine former price, otherwise the first variant that has
   * one; null when none has. Only then a SALE badge and a struck-through price (docs/product.md#beyond-a-brochure-site).
   */
  saleVariant: VariantView | null;
};

/** A card with the opening of its description: the home page's featured block. */
export type ProductTeaser = ProductSummary & {
  /** The description's opening, as plain text. */
  excerpt: string;
};

/** A product's page: the product, and its description as one short line of plain text. */
export type ProductDetail = Omit<CatalogProduct, "variants"> &
  SearchListing & {
    /** Oldest first: the first is the default. */
    variants: DetailVariantView[];
    /** Up to three options the shopper chooses by (Shade, Pack...); none: the variants by name. */
    optionNames: string[];
    /** The pictures after the main one, in order. */
    images: ProductPicture[];
    /**
     * The description's text cut at a word for meta tags and structured data (truncateForMeta): the
     * page sends its description once, as HTML, not a second time in full as text.
     */
    summary: string;
  };

/** A category as its page, the filter chips and the API show it. */
export type CategoryView = {
  slug: string;
  name: string;
  description: string;
};

/** A category's own page: its view and what search engines are told of it. */
export type CategoryPage = CategoryView & SearchListing;

/**
 * What a product's or a variant's id may look like where a visitor can write one (a URL, a request
 * body, stored browser data): checked before any lookup.
 */
export const CATALOGUE_ID = /^[A-Za-z0-9_-]{1,64}$/;
