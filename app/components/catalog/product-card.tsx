import { Link } from "react-router";
import type { ProductSummary } from "~/lib/catalog-types";
import { AddToCartButton } from "./add-to-cart-button";
import { Price } from "./price";
import { ProductImage } from "./product-image";

export type ProductCardData = Pick<
  ProductSummary,
  "id" | "name" | "imageUrl" | "imageAlt" | "defaultVariant"
>;

export function ProductCard({
  product,
  headingLevel = 3,
  priority = false,
}: {
  product: ProductCardData;
  headingLevel?: 2 | 3;
  /** Above the fold: load the image first instead of lazily. */
  priority?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const variant = product.defaultVariant;
  return (
    <article className="group flex flex-col overflow-hidden rounded-[var(--radius-card)] border border-line bg-white shadow-soft transition-shadow duration-200 hover:shadow-lift">
      <Link
        to={`/product/${product.id}`}
        className="block overflow-hidden"
        tabIndex={-1}
        aria-hidden="true"
      >
        <ProductImage
          src={product.imageUrl}
          alt=""
          priority={priority}
          className="transition-transform duration-300 group-hover:scale-[1.03]"
        />
      </Link>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <Heading className="text-lg font-semibold">
          <Link to={`/product/${product.id}`} className="hover:text-brand">
            {product.name}
          </Link>
        </Heading>
        {variant ? (
          <Price
            pricePence={variant.pricePence}
            compareAtPricePence={variant.compareAtPricePence}
            className="text-lg"
          />
        ) : (
          <p className="text-sm text-ink-muted">Currently unavailable</p>
        )}
        <AddToCartButton className="mt-auto w-full" />
      </div>
    </article>
  );
}
