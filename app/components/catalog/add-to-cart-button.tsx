import { ShoppingBag } from "lucide-react";
import { Button, type ButtonProps } from "~/components/ui/button";

/**
 * The shop's Add to Cart button. The cart itself arrives with issue 3; until then the button is
 * shown and styled but has no action of its own beyond what the caller passes.
 */
export function AddToCartButton(props: Omit<ButtonProps, "children">) {
  return (
    <Button {...props}>
      <ShoppingBag aria-hidden="true" />
      Add to Cart
    </Button>
  );
}
