import type { CartLine } from "@common/cart/cart-rules";

// How the cart is kept in the browser's localStorage: one key, holding a versioned shape. Writing
// it needs nothing more; a stored value read back is checked (stored-cart.ts, a chunk of its own).

export const CART_STORAGE_KEY = "gleam.cart";
export const CART_STORAGE_VERSION = 1;

export function serializeCart(lines: readonly CartLine[]): string {
  return JSON.stringify({ version: CART_STORAGE_VERSION, lines });
}

/** The stored value, or null when there is none or storage cannot be read (that is logged). */
export function readStoredValue(storage: Pick<Storage, "getItem">): string | null {
  try {
    return storage.getItem(CART_STORAGE_KEY);
  } catch (error) {
    console.error("Could not read the saved cart; starting with an empty cart.", error);
    return null;
  }
}

/** Saves the cart; a failure (storage full or blocked) is logged and the cart lives on in memory. */
export function writeCart(storage: Pick<Storage, "setItem">, lines: readonly CartLine[]): boolean {
  try {
    storage.setItem(CART_STORAGE_KEY, serializeCart(lines));
    return true;
  } catch (error) {
    console.error("Could not save the cart.", error);
    return false;
  }
}
