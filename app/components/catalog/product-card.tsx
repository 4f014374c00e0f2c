import { toCartProduct } from "@common/cart/cart-rules";
import type { ProductSummary } from "@common/catalog/catalog-types";
import { addToCart } from "~/components/cart/add-to-cart";
import { RatingSummary } from "~/components/reviews/rating-summary";
import { Price } from "~/components/ui/price";
import { ProductImage } from "~/components/ui/product-image";
import { ShopLink } from "~/components/ui/shop-link";
import { WishlistButton } from "~/components/wishlist/wishlist-button";
import { showToast } from "~/lib/toast";
import { AddToCartButton } from "./add-to-cart-button";
import { SaleBadge } from "./sale-badge";

export type ProductCardData = Pick<
  ProductSummary,
  "id" | "name" | "imageUrl" | "imageAlt" | "defaultVariant" | "saleVariant" | "rating"
>;

/** Adds one of the card's default variant (docs/product.md#messages, store card messages). */
function addCardProductToCart(product: ProductCardData): void {
  const variant = product.defaultVariant;
  if (!variant) {
    void showToast("Product variant not available", {
      description: "Please select a product from its detail page.",
      tone: "error",
    });
    return;
  }
  void addToCart(toCartProduct(product, variant), 1, { unexpectedTitle: "Error adding to cart" });
}

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
  const soldOut = variant !== null && variant.stockQuantity <= 0;
  // A reduced option other than the one priced on the card: its offer is shown with it.
  const otherSale =
    product.saleVariant && product.saleVariant.id !== variant?.id ? product.saleVariant : null;
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-[var(--radius-card)] border border-line bg-white shadow-soft transition-shadow duration-200 hover:shadow-lift">
      {product.saleVariant ? (
        <SaleBadge
          className="absolute top-2 left-2 z-10 max-w-[calc(100%-3.5rem)] sm:top-3 sm:left-3"
          label={otherSale ? `Save on ${otherSale.name}` : undefined}
        />
      ) : null}
      <WishlistButton
        product={product}
        size="icon-sm"
        className="absolute top-2 right-2 z-10 sm:top-3 sm:right-3"
      />
      <ShopLink
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
      </ShopLink>
      <div className="flex flex-1 flex-col gap-3 p-3 sm:p-5">
        <Heading className="text-base font-semibold sm:text-lg">
          <ShopLink to={`/product/${product.id}`} className="hover:text-brand">
            {product.name}
          </ShopLink>
        </Heading>
        <RatingSummary rating={product.rating} className="-mt-1" />
        {variant ? (
          <Price
            pricePence={variant.pricePence}
            compareAtPricePence={variant.compareAtPricePence}
            className="sm:text-lg"
          />
        ) : (
          <p className="text-sm text-ink-muted">Currently unavailable</p>
        )}
        {otherSale ? (
          <div className="-mt-1 flex flex-wrap items-baseline gap-x-2 text-sm">
            <span className="font-medium text-ink">{otherSale.name}:</span>
            <Price
              pricePence={otherSale.pricePence}
              compareAtPricePence={otherSale.compareAtPricePence}
            />
          </div>
        ) : null}
        {soldOut ? <p className="text-sm font-medium text-coral-strong">Out of stock.</p> : null}
        <AddToCartButton
          size="block"
          className="mt-auto"
          disabled={soldOut}
          aria-label={`Add to Cart: ${product.name}`}
          onClick={() => addCardProductToCart(product)}
        />
      </div>
    </article>
  );
}
