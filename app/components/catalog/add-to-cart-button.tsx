import { Button, type ButtonProps } from "~/components/ui/button";
import { ShoppingBag } from "~/components/ui/icons";

/** The shop's Add to Cart button: the same label and icon wherever a product can be added. */
export function AddToCartButton(props: Omit<ButtonProps, "children">) {
  return (
    <Button {...props}>
      <ShoppingBag aria-hidden="true" />
      Add to Cart
    </Button>
  );
}
