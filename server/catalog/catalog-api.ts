import type { CatalogProduct } from "../../common/catalog/catalog-types";
import type { RatingSummary } from "../../common/reviews/ratings";

/** A product as the JSON API publishes it: a stable contract, whatever the pages need. */
export type ApiProduct = {
  id: string;
  name: string;
  slug: string;
  descriptionHtml: string;
  imageUrl: string;
  createdAt: string;
  variants: Array<{
    id: string;
    name: string;
    pricePence: number;
    compareAtPricePence: number | null;
    /** Exact below the stock band (20); the band itself means "that many or more". */
    stockQuantity: number;
    maxPerOrder: number;
  }>;
  /** From buyers' visible reviews (the average to one decimal); null without any. */
  rating: RatingSummary | null;
};

export function toApiProduct(product: CatalogProduct): ApiProduct {
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    descriptionHtml: product.descriptionHtml,
    imageUrl: product.imageUrl,
    createdAt: product.createdAt.toISOString(),
    variants: product.variants.map((variant) => ({
      id: variant.id,
      name: variant.name,
      pricePence: variant.pricePence,
      compareAtPricePence: variant.compareAtPricePence,
      stockQuantity: variant.stockQuantity,
      maxPerOrder: variant.maxPerOrder,
    })),
    rating: product.rating,
  };
}
