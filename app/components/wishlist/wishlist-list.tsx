import { toCartProduct } from "@common/cart/cart-rules";
import type { ProductSummary } from "@common/catalog/catalog-types";
import { addToCart } from "~/components/cart/add-to-cart";
import { Button, buttonVariants } from "~/components/ui/button";
import { ShoppingBag, Trash2 } from "~/components/ui/icons";
import { Price } from "~/components/ui/price";
import { ProductImage } from "~/components/ui/product-image";
import { ShopLink } from "~/components/ui/shop-link";
import { useWishlist } from "./use-wishlist";

export type WishlistProduct = Pick<
  ProductSummary,
  "id" | "name" | "imageUrl" | "imageAlt" | "defaultVariant"
>;

/** The customer's saved products, each with Move to Cart and Remove. */
export function WishlistList({ products }: { products: WishlistProduct[] }) {
  if (products.length === 0) {
    return (
      <div className="rounded-[var(--radius-card)] border border-line bg-white p-8 text-center">
        <p className="text-ink-muted">Your wishlist is empty.</p>
        <p className="mt-1 text-sm text-ink-muted">
          Tap the heart on any product to save it here for later.
        </p>
        <ShopLink to="/store" className={buttonVariants({ className: "mt-5" })}>
          Browse Products
        </ShopLink>
      </div>
    );
  }
  return (
    <ul className="space-y-4">
      {products.map((product) => (
        <WishlistRow key={product.id} product={product} />
      ))}
    </ul>
  );
}

function WishlistRow({ product }: { product: WishlistProduct }) {
  const { busy, setSaved } = useWishlist(product);
  const variant = product.defaultVariant;
  const soldOut = !variant || variant.stockQuantity <= 0;

  async function moveToCart() {
    if (!variant) return;
    // The cart says itself whether the add worked; only then does the product leave the list.
    if (await addToCart(toCartProduct(product, variant), 1)) await setSaved(false, { quiet: true });
  }

  return (
    <li className="rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-soft">
      <article
        aria-label={product.name}
        className="flex flex-wrap items-center gap-4 sm:flex-nowrap"
      >
        <ShopLink
          to={`/product/${product.id}`}
          className="block w-20 shrink-0 overflow-hidden rounded-xl border border-line"
          tabIndex={-1}
          aria-hidden="true"
        >
          <ProductImage src={product.imageUrl} alt="" />
        </ShopLink>
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold">
            <ShopLink to={`/product/${product.id}`} className="hover:text-brand">
              {product.name}
            </ShopLink>
          </h2>
          {variant ? (
            <Price
              pricePence={variant.pricePence}
              compareAtPricePence={variant.compareAtPricePence}
              className="mt-1"
            />
          ) : null}
          {soldOut ? (
            <p className="mt-1 text-sm font-medium text-coral-strong">Out of stock.</p>
          ) : null}
        </div>
        <div className="flex w-full gap-2 sm:w-auto">
          <Button
            size="sm"
            className="flex-1 sm:flex-none"
            disabled={soldOut || busy}
            aria-label={`Move to Cart: ${product.name}`}
            onClick={() => void moveToCart()}
          >
            <ShoppingBag aria-hidden="true" />
            Move to Cart
          </Button>
          <Button
            size="sm"
            variant="secondary"
            className="flex-1 sm:flex-none"
            disabled={busy}
            aria-label={`Remove: ${product.name}`}
            onClick={() => void setSaved(false)}
          >
            <Trash2 aria-hidden="true" />
            Remove
          </Button>
        </div>
      </article>
    </li>
  );
}
