import { formatPence } from "@common/money";
import { Button } from "~/components/ui/button";
import { Loader2, Lock, ShieldCheck } from "~/components/ui/icons";
import { ShopLink } from "~/components/ui/shop-link";

/** Pay, with the total once the cart is read, and what a shopper looks for beside it. */
export function PayButton({
  busy,
  disabled,
  totalPence,
}: {
  busy: boolean;
  disabled: boolean;
  /** Null until the cart is read (or when it is empty). */
  totalPence: number | null;
}) {
  // A gift card paying it all: there is no card to pay with, only the order to place.
  const label =
    totalPence === null
      ? "Pay"
      : totalPence === 0
        ? "Place order"
        : `Pay ${formatPence(totalPence)}`;
  return (
    <>
      <Button type="submit" size="lg" className="w-full" disabled={disabled}>
        {busy ? (
          <>
            <Loader2 className="animate-spin" aria-hidden="true" />
            Processing…
          </>
        ) : (
          <>
            <Lock aria-hidden="true" />
            {label}
          </>
        )}
      </Button>
      {/* What a shopper looks for beside the pay button (docs/brand.md, Trust). */}
      <div className="-mt-4 space-y-1 text-center text-sm text-ink-muted">
        <p className="flex items-center justify-center gap-2">
          <ShieldCheck className="size-4 shrink-0 text-brand-strong" aria-hidden="true" />
          Secure checkout: your card details are encrypted and never stored by us.
        </p>
        <p>
          30-day money-back guarantee.{" "}
          <ShopLink
            to="/shipping-returns"
            className="font-medium text-brand-strong underline underline-offset-2"
          >
            Returns policy
          </ShopLink>
        </p>
      </div>
    </>
  );
}
