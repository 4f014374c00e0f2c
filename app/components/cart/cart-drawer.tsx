import {
  type CartLine,
  DEFAULT_VARIANT_NAME,
  lineLabel,
  lineTotalPence,
} from "@common/cart/cart-rules";
import { formatPence } from "@common/money";
import { purchaseLimit } from "@common/stock/stock-levels";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { viewerStore } from "~/components/account/viewer-store";
import { Button, buttonVariants } from "~/components/ui/button";
import { ShoppingBag, Trash2 } from "~/components/ui/icons";
import { QuantityStepper } from "~/components/ui/quantity-stepper";
import { Sheet } from "~/components/ui/sheet";
import { ShopLink } from "~/components/ui/shop-link";
import { showToast } from "~/lib/toast";
import { CartCode } from "./cart-code";
import { CartOffers } from "./cart-offers";
import { cartStore, useCart } from "./cart-store";
import { refreshCartFromShop } from "./refresh-cart";

/** The slide-in cart (docs/product.md#screens, Cart drawer; docs/product.md#states, checkout click). */
export function CartDrawer({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { lines, count, totalPence } = useCart();
  const navigate = useNavigate();
  const close = () => onOpenChange(false);

  // Prices and stock shown in the drawer are the shop's current ones, not those of the day the
  // line was added.
  useEffect(() => {
    if (!open) return;
    const request = new AbortController();
    refreshCartFromShop(request.signal).catch((error: unknown) => {
      if (!request.signal.aborted) console.warn("Could not re-check the cart.", error);
    });
    return () => request.abort();
  }, [open]);

  async function proceedToCheckout() {
    if (!(await viewerStore.known()).signedIn) {
      void showToast("Authentication Required", {
        description: "Please log in to proceed to checkout.",
      });
      close();
      // Back to the checkout, cart and all, once signed in.
      navigate(`/login?${new URLSearchParams({ redirectTo: "/checkout" })}`);
      return;
    }
    if ((await cartStore.loaded()).length === 0) {
      void showToast("Your cart is empty", {
        description: "Add some products to your cart before checking out.",
      });
      return;
    }
    // The server re-checks every line first; when something changed the shopper sees it here.
    try {
      if ((await refreshCartFromShop()) > 0) return;
    } catch (error) {
      console.warn("Could not re-check the cart; the checkout will.", error);
    }
    close();
    navigate("/checkout");
  }

  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={count > 0 ? `Your Cart (${count})` : "Your Cart"}
    >
      {lines.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-4 p-8 text-center">
          <span className="flex size-16 items-center justify-center rounded-full bg-mint text-brand-strong">
            <ShoppingBag className="size-7" aria-hidden="true" />
          </span>
          <p className="text-lg font-semibold">Your cart is empty</p>
          <p className="text-sm text-ink-muted">Find something to brighten your smile.</p>
          <ShopLink
            to="/store"
            onClick={close}
            className={buttonVariants({ variant: "secondary" })}
          >
            Continue Shopping
          </ShopLink>
        </div>
      ) : (
        <ul className="flex-1 divide-y divide-line overflow-y-auto px-5" aria-label="Cart items">
          {lines.map((line) => (
            <CartLineItem key={line.variantId} line={line} onNavigate={close} />
          ))}
        </ul>
      )}
      <div className="space-y-4 border-t border-line bg-paper px-5 py-5">
        <p className="flex items-baseline justify-between text-lg font-semibold">
          <span>Total</span>
          <span data-testid="cart-total">{formatPence(totalPence)}</span>
        </p>
        <p className="text-xs text-ink-muted">
          Including VAT. Shipping and any discount are worked out at checkout.
        </p>
        {lines.length > 0 ? <CartOffers lines={lines} /> : null}
        {lines.length > 0 ? <CartCode lines={lines} /> : null}
        <Button size="lg" className="w-full" onClick={() => void proceedToCheckout()}>
          Proceed to Checkout
        </Button>
      </div>
    </Sheet>
  );
}

function CartLineItem({ line, onNavigate }: { line: CartLine; onNavigate: () => void }) {
  const showVariant = line.variantName !== DEFAULT_VARIANT_NAME;
  const label = lineLabel(line);
  // A gift card bought is no product: its line leads back to the gift card page.
  const href = line.giftCard ? "/gift-cards" : `/product/${line.productId}`;
  return (
    <li className="flex gap-3 py-4 sm:gap-4" data-testid="cart-line">
      <ShopLink
        to={href}
        onClick={onNavigate}
        tabIndex={-1}
        aria-hidden="true"
        className="shrink-0 self-start overflow-hidden rounded-xl border border-line"
      >
        <img
          src={line.imageUrl}
          alt=""
          width={80}
          height={80}
          className="size-16 bg-mint object-cover sm:size-20"
        />
      </ShopLink>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <ShopLink to={href} onClick={onNavigate} className="font-semibold hover:text-brand">
              {line.name}
            </ShopLink>
            {showVariant ? <p className="text-sm text-ink-muted">{line.variantName}</p> : null}
            <p className="text-sm text-ink-muted">{formatPence(line.pricePence)} each</p>
          </div>
          <p className="font-semibold">{formatPence(lineTotalPence(line))}</p>
        </div>
        <div className="flex items-center justify-between gap-3">
          <QuantityStepper
            size="sm"
            min={0}
            max={purchaseLimit(line)}
            value={line.quantity}
            itemName={label}
            onChange={(quantity) => void cartStore.setQuantity(line.variantId, quantity)}
          />
          <button
            type="button"
            onClick={() => void cartStore.remove(line.variantId)}
            className="inline-flex h-9 items-center gap-1.5 rounded-full px-2 text-sm font-medium text-ink-muted hover:bg-coral/10 hover:text-coral-strong"
            aria-label={`Remove ${label}`}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            Remove
          </button>
        </div>
      </div>
    </li>
  );
}
