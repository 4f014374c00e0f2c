import { useState } from "react";
import { CartButton } from "./cart-button";
import { CartDrawer } from "./cart-drawer";
import { useCart } from "./cart-store";

/** The header's cart: the button with its count, and the drawer it opens. */
export function HeaderCart() {
  const [open, setOpen] = useState(false);
  const { count } = useCart();
  return (
    <>
      <CartButton count={count} onOpen={() => setOpen(true)} />
      <CartDrawer open={open} onOpenChange={setOpen} />
    </>
  );
}
