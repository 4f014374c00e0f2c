import {
  addLine,
  type CartLine,
  type CartProduct,
  type CartResult,
  cartItemCount,
  cartTotalPence,
  removeLine,
  setLineQuantity,
} from "@common/cart-rules";
import { useSyncExternalStore } from "react";
import { CART_STORAGE_KEY, readCart, writeCart } from "~/lib/cart-storage";

// The browser's one cart: lines in memory, mirrored to localStorage on every change and re-read
// when another tab changes it (the `storage` event fires only in the other tabs).

// Reached through this object so that a browser blocking storage (the getter itself throws) is
// handled like any other read or write failure: logged, and the cart lives on in memory.
const browserStorage = {
  getItem: (key: string) => window.localStorage.getItem(key),
  setItem: (key: string, value: string) => window.localStorage.setItem(key, value),
};

const EMPTY: CartLine[] = [];
let lines: CartLine[] | null = null;
const listeners = new Set<() => void>();

function current(): CartLine[] {
  lines ??= readCart(browserStorage);
  return lines;
}

function emit() {
  for (const listener of listeners) listener();
}

function commit(next: CartLine[]) {
  lines = next;
  writeCart(browserStorage, next);
  emit();
}

function onStorage(event: StorageEvent) {
  // `key` is null when another tab cleared the whole storage.
  if (event.key !== null && event.key !== CART_STORAGE_KEY) return;
  lines = readCart(browserStorage);
  emit();
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) window.addEventListener("storage", onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("storage", onStorage);
  };
}

export const cartStore = {
  lines: current,
  add(product: CartProduct, quantity: number): CartResult {
    const result = addLine(current(), product, quantity);
    if (result.ok) commit(result.lines);
    return result;
  },
  remove(variantId: string) {
    commit(removeLine(current(), variantId));
  },
  setQuantity(variantId: string, quantity: number) {
    commit(setLineQuantity(current(), variantId, quantity));
  },
  replace(next: CartLine[]) {
    commit(next);
  },
  clear() {
    commit([]);
  },
};

/**
 * The cart's lines. The server renders an empty cart; the stored one takes over right after
 * hydration (the header badge is painted before that by `CartBadgeScript`).
 */
export function useCartLines(): CartLine[] {
  return useSyncExternalStore(subscribe, current, () => EMPTY);
}

export function useCart() {
  const cartLines = useCartLines();
  return {
    lines: cartLines,
    count: cartItemCount(cartLines),
    totalPence: cartTotalPence(cartLines),
  };
}
