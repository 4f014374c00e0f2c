import { Price } from "~/components/ui/price";
import { AddToCartButton } from "./add-to-cart-button";

/**
 * The product page's Add to Cart, kept in reach below 1024 px once the page's own button has
 * scrolled away (docs/storefront.md, Product page): the name, the chosen option's price and the
 * button, in a bar along the bottom. Rendered only while it shows, so the page never has two
 * Add to Cart buttons at once; the chat bubble rises above it (whatsapp-widget.tsx).
 */
export function StickyBuyBar({
  name,
  pricePence,
  compareAtPricePence,
  disabled,
  onAdd,
}: {
  name: string;
  pricePence: number;
  compareAtPricePence: number | null;
  disabled: boolean;
  onAdd: () => void;
}) {
  return (
    <section
      aria-label="Buy"
      data-sticky-buy=""
      className="fixed inset-x-0 bottom-0 z-30 animate-fade-in border-t border-line bg-white/95 pb-[env(safe-area-inset-bottom)] shadow-lift backdrop-blur lg:hidden"
    >
      <div className="mx-auto flex max-w-3xl items-center gap-3 px-4 py-3">
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-ink">{name}</p>
          <Price
            pricePence={pricePence}
            compareAtPricePence={compareAtPricePence}
            className="text-sm"
          />
        </div>
        <AddToCartButton disabled={disabled} onClick={onAdd} />
      </div>
    </section>
  );
}
