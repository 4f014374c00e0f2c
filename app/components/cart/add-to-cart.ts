import type { CartProduct } from "@common/cart/cart-rules";
import { showToast } from "~/lib/toast";
import { cartStore } from "./cart-store";

const FAILED_ADD = "Oh no! Something went wrong.";

/**
 * Adds to the cart and tells the shopper how it went (docs/product.md#messages): 'Added to Cart!', or the
 * cart's refusal (not enough stock). `unexpectedTitle` names a failure nobody planned for; the
 * store cards use their own ('Error adding to cart').
 */
export async function addToCart(
  product: CartProduct,
  quantity: number,
  { unexpectedTitle = FAILED_ADD }: { unexpectedTitle?: string } = {},
): Promise<boolean> {
  try {
    const result = await cartStore.add(product, quantity);
    if (result.ok) {
      void showToast("Added to Cart!", {
        description: `${product.name} has been added to your cart.`,
      });
      return true;
    }
    void showToast(FAILED_ADD, { description: result.error, tone: "error" });
    return false;
  } catch (error) {
    console.error("Adding to the cart failed.", error);
    const description = error instanceof Error ? error.message : "Please try again.";
    void showToast(unexpectedTitle, { description, tone: "error" });
    return false;
  }
}
