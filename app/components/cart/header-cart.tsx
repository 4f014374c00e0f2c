import { Suspense, useState } from "react";
import { lazyPart, useOpenedOnce } from "~/components/ui/lazy-part";
import { CartButton } from "./cart-button";
import { useCart } from "./cart-store";

// The drawer (its lines, steppers and discount code form) is fetched when the cart is first
// opened, or when the pointer or focus reaches the button.
const drawer = lazyPart(() => import("./cart-drawer").then((module) => module.CartDrawer));

/** The header's cart: the button with its count, and the drawer it opens. */
export function HeaderCart() {
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  const { count } = useCart();
  return (
    <>
      <CartButton count={count} onOpen={() => setOpen(true)} onIntent={drawer.preload} />
      {opened ? (
        <Suspense fallback={null}>
          <drawer.Component open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
