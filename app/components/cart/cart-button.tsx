import { ShoppingBag } from "~/components/ui/icons";
import { InlineScript, inlineSource } from "~/components/ui/inline-script";
import { CART_STORAGE_KEY, CART_STORAGE_VERSION } from "~/lib/cart-storage";

function cartButtonLabel(count: number): string {
  return count > 0 ? `Cart, ${count} ${count === 1 ? "item" : "items"}` : "Cart";
}

/**
 * Runs as the page is parsed, at the end of the header, before React hydrates: paints the stored
 * cart's count so a returning shopper never sees the badge missing and popping in. It only sets
 * attributes, which hydration leaves alone; React then renders the same values from the cart store.
 * Self-contained: it is inlined into the page as source text.
 */
function paintStoredCount(key: string, version: number) {
  try {
    const badge = document.querySelector("[data-cart-badge]");
    const button = badge?.closest("button");
    const stored = JSON.parse(window.localStorage.getItem(key) ?? "null");
    if (!button || !badge || stored?.version !== version || !Array.isArray(stored.lines)) return;
    let count = 0;
    for (const line of stored.lines) {
      if (Number.isInteger(line?.quantity) && line.quantity > 0) count += line.quantity;
    }
    if (count === 0) return;
    badge.setAttribute("data-count", String(count));
    button.setAttribute("aria-label", `Cart, ${count} ${count === 1 ? "item" : "items"}`);
  } catch {
    // The cart store reports unreadable carts once React runs.
  }
}

const paintScript = inlineSource(paintStoredCount, CART_STORAGE_KEY, CART_STORAGE_VERSION);

/**
 * The script above, placed as the header's last child: an inline script pauses the parser (until
 * the stylesheet is in), and the browser may paint what it has parsed so far; ending the header
 * lets that early paint hold a complete header, so nothing in it moves afterwards.
 */
export function CartBadgeScript() {
  return <InlineScript source={paintScript} />;
}

/** The header's cart button; the badge shows only when the count is above 0 (docs/product.md#screens). */
export function CartButton({
  count,
  onOpen,
  onIntent,
}: {
  count: number;
  onOpen: () => void;
  /** The pointer or focus reached the button: a click may follow. */
  onIntent?: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onOpen}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      aria-label={cartButtonLabel(count)}
      aria-haspopup="dialog"
      className="relative inline-flex size-11 items-center justify-center rounded-full text-ink transition-tints hover:bg-mint/60"
    >
      <ShoppingBag className="size-5" aria-hidden="true" />
      <span
        data-cart-badge
        data-count={count}
        data-testid="cart-count"
        aria-hidden="true"
        className="absolute top-1 right-1 flex min-w-5 items-center justify-center rounded-full bg-brand px-1 text-[11px] leading-5 font-bold text-white"
      />
    </button>
  );
}
