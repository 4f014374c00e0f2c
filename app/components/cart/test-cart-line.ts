import type { CartLine } from "@common/cart/cart-rules";

/** Two of the demo toothpaste in a cart: the line the cart's browser tests start from. */
export const toothpasteLine: CartLine = {
  productId: "prod2",
  name: "Whitening Toothpaste",
  imageUrl: "/images/products/whitening-toothpaste.svg",
  variantId: "prod2-75ml",
  variantName: "75 ml",
  pricePence: 1499,
  stockQuantity: 20,
  maxPerOrder: 10,
  quantity: 2,
};
