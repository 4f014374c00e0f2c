// The catalogue as pages and the API see it: produced by server/catalog, shown by app/components.

export type VariantView = {
  id: string;
  name: string;
  pricePence: number;
  /** A genuine former price, or null. */
  compareAtPricePence: number | null;
  stockQuantity: number;
};

export type ProductSummary = {
  id: string;
  slug: string;
  name: string;
  imageUrl: string;
  imageAlt: string;
  createdAt: Date;
  /** The description's opening, as plain text, for cards and teasers. */
  excerpt: string;
  /** The first variant by creation date (seed spec §3); null when the product has none. */
  defaultVariant: VariantView | null;
};

export type ProductDetail = Omit<ProductSummary, "defaultVariant" | "excerpt"> & {
  /** Sanitised HTML. */
  descriptionHtml: string;
  descriptionText: string;
  updatedAt: Date;
  /** Oldest first: the first is the default. */
  variants: VariantView[];
};
