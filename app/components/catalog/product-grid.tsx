import type { ProductSummary } from "@common/catalog/catalog-types";
import { ProductCard } from "./product-card";

export const STORE_EMPTY_TEXT = "No products available at the moment. Please check back later!";

/** The store's grid with the store list's error and empty texts (docs/product.md#messages). */
export function ProductGrid({
  products,
  error,
}: {
  products: ProductSummary[];
  error: string | null;
}) {
  if (error) {
    return (
      <p
        role="alert"
        className="rounded-[var(--radius-card)] border border-coral/40 bg-white p-6 text-center text-coral-strong"
      >
        Error loading products: {error}
      </p>
    );
  }
  if (products.length === 0) {
    return (
      <p className="rounded-[var(--radius-card)] border border-line bg-white p-10 text-center text-ink-muted">
        {STORE_EMPTY_TEXT}
      </p>
    );
  }
  return (
    // Two to a row from a 360 px phone (one below it, where a card would be too narrow to read).
    <ul className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 sm:gap-6 lg:grid-cols-3 xl:grid-cols-4">
      {products.map((product, index) => (
        <li key={product.id} className="flex [&>article]:flex-1">
          <ProductCard product={product} headingLevel={2} priority={index === 0} />
        </li>
      ))}
    </ul>
  );
}
