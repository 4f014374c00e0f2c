import { lazy, Suspense, useState } from "react";
import { CartButton } from "./cart-button";
import { useCart } from "./cart-store";

// The drawer (its lines, steppers and discount code form) is fetched when the cart is first
// opened, or when the pointer or focus reaches the button: no page pays for it in its first load.
const loadDrawer = () => import("./cart-drawer");
const CartDrawer = lazy(() => loadDrawer().then((module) => ({ default: module.CartDrawer })));

/** The header's cart: the button with its count, and the drawer it opens. */
export function HeaderCart() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const { count } = useCart();
  return (
    <>
      <CartButton
        count={count}
        onOpen={() => {
          setWanted(true);
          setOpen(true);
        }}
        onIntent={() => void loadDrawer()}
      />
      {wanted ? (
        <Suspense fallback={null}>
          <CartDrawer open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
