import { canAddToCart, itemName, toCartProduct } from "@common/cart/cart-rules";
import type { ProductDetail as Product } from "@common/catalog/catalog-types";
import type { PricingSettings } from "@common/checkout/pricing";
import type { OfferBadge } from "@common/discounts/offers";
import { purchaseLimit } from "@common/stock/stock-levels";
import { Suspense, useEffect, useRef, useState } from "react";
import { addToCart } from "~/components/cart/add-to-cart";
import { useCartLines } from "~/components/cart/cart-store";
import { RatingSummary } from "~/components/reviews/rating-summary";
import { RotateCcw, ShieldCheck, Truck } from "~/components/ui/icons";
import { lazyPart } from "~/components/ui/lazy-part";
import { Price } from "~/components/ui/price";
import { QuantityStepper } from "~/components/ui/quantity-stepper";
import { WishlistButton } from "~/components/wishlist/wishlist-button";
import { offerTexts } from "~/lib/offers";
import { AddToCartButton } from "./add-to-cart-button";
import { BackInStock } from "./back-in-stock";
import { ProductGallery } from "./product-gallery";
import { StockHint } from "./stock-hint";
import { useScrolledPast } from "./use-scrolled-past";
import { VariantChoice } from "./variant-choice";

// The phone's buy bar shows only once the page's own button has scrolled away: its code is fetched
// after the page has loaded, never in its first load.
const stickyBar = lazyPart(() => import("./sticky-buy-bar").then((module) => module.StickyBuyBar));

const promisesFor = (pricing: PricingSettings) => [
  {
    icon: Truck,
    text: `Free UK shipping on orders over ${offerTexts(pricing).freeShippingOver}. Dispatched in 1-2 business days.`,
  },
  { icon: RotateCcw, text: "30-day money-back guarantee." },
  { icon: ShieldCheck, text: "Enamel-safe, dentist-recommended formula." },
];

export function ProductDetail({
  product,
  pricing,
  offers = [],
}: {
  product: Product;
  pricing: PricingSettings;
  /** The automatic offers this product counts towards or is given by (docs/decisions/070). */
  offers?: readonly OfferBadge[];
}) {
  const [variantId, setVariantId] = useState(product.variants[0]?.id);
  const [quantity, setQuantity] = useState(1);
  const variant = product.variants.find((candidate) => candidate.id === variantId);
  const inCart = useCartLines().find((line) => line.variantId === variantId)?.quantity ?? 0;
  // What the shopper would have after this add: the cart's rule refuses more than the stock, or
  // than one order may take.
  const requested = quantity + inCart;
  const buyRow = useRef<HTMLDivElement>(null);
  const buyRowGone = useScrolledPast(buyRow);
  // Fetched once the page is up where the bar shows (below 1024 px), so it is there at once.
  useEffect(() => {
    if (window.matchMedia?.("(max-width: 1023px)").matches) stickyBar.preload();
  }, []);
  const add = async () => {
    if (variant && (await addToCart(toCartProduct(product, variant), quantity))) setQuantity(1);
  };

  return (
    <div className="grid gap-10 lg:grid-cols-2 lg:gap-16">
      <div className="self-start overflow-hidden rounded-[var(--radius-card)] border border-line bg-white shadow-soft lg:sticky lg:top-24">
        <ProductGallery
          name={product.name}
          pictures={[{ url: product.imageUrl, alt: product.imageAlt }, ...product.images]}
          showing={variant?.imageUrl}
        />
      </div>

      <div className="flex flex-col gap-6">
        <div>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{product.name}</h1>
          <RatingSummary rating={product.rating} href="#reviews" className="mt-2" />
          {variant ? (
            <Price
              pricePence={variant.pricePence}
              compareAtPricePence={variant.compareAtPricePence}
              className="mt-4 text-2xl"
            />
          ) : (
            <p className="mt-4 text-ink-muted">This product is currently unavailable.</p>
          )}
          {offers.length > 0 ? (
            <ul aria-label="Offers" className="mt-3 flex flex-wrap gap-2 text-sm">
              {offers.map((offer) => (
                <li
                  key={offer.id}
                  className="rounded-full bg-brand-soft px-3 py-1 text-brand-strong"
                >
                  <span className="font-semibold">{offer.terms}</span> · {offer.title}
                </li>
              ))}
            </ul>
          ) : null}
        </div>

        <VariantChoice
          optionNames={product.optionNames}
          variants={product.variants}
          chosen={variant}
          onChoose={(chosen) => {
            setVariantId(chosen.id);
            setQuantity(1);
          }}
        />

        {variant ? (
          <div className="space-y-3">
            <div ref={buyRow} className="flex flex-wrap items-center gap-4">
              <QuantityStepper
                value={quantity}
                onChange={setQuantity}
                max={purchaseLimit(variant)}
              />
              {/* The button and the heart keep together: on a phone they share the next row. */}
              <div className="flex min-w-56 flex-1 gap-3 sm:flex-none">
                <AddToCartButton
                  size="lg"
                  className="flex-1"
                  disabled={!canAddToCart(variant, requested)}
                  onClick={add}
                />
                <WishlistButton product={product} size="icon-lg" />
              </div>
            </div>
            {/* One line, so the cart's count arriving after hydration moves nothing. */}
            <div className="flex flex-wrap items-baseline gap-x-3">
              <StockHint variant={variant} requested={requested} />
              {inCart > 0 ? (
                <p className="text-sm text-ink-muted">{inCart} already in your cart.</p>
              ) : null}
            </div>
            {variant.stockQuantity <= 0 ? (
              <BackInStock variantId={variant.id} name={itemName(product.name, variant.name)} />
            ) : null}
          </div>
        ) : (
          <div className="flex items-center gap-4">
            <AddToCartButton size="lg" disabled />
            <WishlistButton product={product} size="icon-lg" />
          </div>
        )}

        <ul className="space-y-2 rounded-[var(--radius-card)] bg-brand-soft p-5 text-sm">
          {promisesFor(pricing).map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-start gap-3">
              <Icon className="mt-0.5 size-4 shrink-0 text-brand-strong" aria-hidden="true" />
              {text}
            </li>
          ))}
        </ul>

        <section aria-labelledby="description-heading" className="border-t border-line pt-6">
          <h2 id="description-heading" className="text-lg font-semibold">
            Description
          </h2>
          {/* Sanitised on the server (server/catalog/product-html.ts) on write and on read. */}
          <div
            className="rich-text mt-3"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised allowlist HTML from the server.
            dangerouslySetInnerHTML={{ __html: product.descriptionHtml }}
          />
        </section>
      </div>
      {variant && buyRowGone ? (
        <Suspense fallback={null}>
          <stickyBar.Component
            name={product.name}
            pricePence={variant.pricePence}
            compareAtPricePence={variant.compareAtPricePence}
            disabled={!canAddToCart(variant, requested)}
            onAdd={add}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
