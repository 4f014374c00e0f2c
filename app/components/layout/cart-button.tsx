import { ShoppingBag } from "lucide-react";

/**
 * The header's cart button. The badge shows only when the count is above 0 (seed spec §2).
 * The drawer it opens arrives with the cart (issue 3); until then the count is always 0.
 */
export function CartButton({ count, onOpen }: { count: number; onOpen?: () => void }) {
  const label = count > 0 ? `Cart, ${count} ${count === 1 ? "item" : "items"}` : "Cart";
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={label}
      className="relative inline-flex size-11 items-center justify-center rounded-full text-ink transition-colors hover:bg-mint/60"
    >
      <ShoppingBag className="size-5" aria-hidden="true" />
      {count > 0 ? (
        <span
          data-testid="cart-count"
          className="absolute top-1 right-1 flex min-w-5 items-center justify-center rounded-full bg-brand px-1 text-[11px] leading-5 font-bold text-white"
        >
          {count}
        </span>
      ) : null}
    </button>
  );
}
