import { oncePerRequest } from "../request-scope";

// The tags a public page carries (`Surrogate-Key`, `Cache-Tag`) name what it shows, so a change
// purges from a shared cache exactly the pages that show it (docs/decisions/049-shared-cache.md).
// The services that read what a page shows tag the request as they read it: a page is tagged
// with what it read, whatever route read it, and a new route needs nothing more.

/** Every page: the shop's settings (header, footer, the offers the announcement bar names). */
export const SETTINGS_TAG = "settings";
/** Pages that show the category list or a category. */
export const CATEGORIES_TAG = "categories";
/** Pages that show the automatic offers on sale (server/discounts/offers.ts). */
export const OFFERS_TAG = "offers";
/** Pages whose set of products may change: listings, search, the sitemap. */
export const PRODUCTS_TAG = "products";

/** A page that shows this product: its own page, and every listing it is on. */
export function productTag(productId: string): string {
  return `product-${productId}`;
}

const SCOPE_KEY = "cache-tags";

function scopeTags(): Set<string> {
  return oncePerRequest(SCOPE_KEY, () => new Set<string>());
}

/** Notes that the page being rendered shows `tags` (outside a request: nothing to note). */
export function tagPage(...tags: string[]): void {
  const set = scopeTags();
  for (const tag of tags) set.add(tag);
}

/** The tags the page rendered in this request noted, in a stable order. */
export function pageTags(): string[] {
  return [...scopeTags()].sort();
}

/** What a change to a product's page or price touches: its pages, and every listing. */
export function productPurgeTags(productId: string): string[] {
  return [productTag(productId), PRODUCTS_TAG];
}
