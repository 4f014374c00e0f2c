import {
  addLine,
  type CartLine,
  type CartProduct,
  type CartResult,
  cartItemCount,
  cartTotalPence,
  removeLine,
  setLineQuantity,
} from "@common/cart/cart-rules";
import { useSyncExternalStore } from "react";
import { CART_STORAGE_KEY, readStoredValue, writeCart } from "~/lib/cart-storage";

// The browser's one cart: lines in memory, mirrored to localStorage on every change and re-read
// when another tab changes it (the `storage` event fires only in the other tabs).
//
// A stored cart is checked with Zod (~/lib/stored-cart), a chunk fetched only when there is one
// to read, so it is in no page's first load and a first visit never fetches it. The stored cart
// is read when the cart is first needed (a page's first subscriber, or a first change); until
// then the cart reads as empty and not yet loaded (the header's badge is already painted by
// `CartBadgeScript`), and every change to its lines waits for it, so nothing is written over a
// stored cart that was never read.

// Reached through this object so that a browser blocking storage (the getter itself throws) is
// handled like any other read or write failure: logged, and the cart lives on in memory.
const browserStorage = {
  getItem: (key: string) => window.localStorage.getItem(key),
  setItem: (key: string, value: string) => window.localStorage.setItem(key, value),
};

const EMPTY: CartLine[] = [];
/** Null until the stored cart has been read. */
let lines: CartLine[] | null = null;
let loading: Promise<void> | null = null;
/** The stored cart's checker, once fetched. */
let linesFrom: ((raw: string) => CartLine[]) | null = null;
let fetchingChecker: Promise<unknown> | null = null;
const listeners = new Set<() => void>();

function current(): CartLine[] {
  return lines ?? EMPTY;
}

function isLoaded(): boolean {
  return lines !== null;
}

/** The stored cart's lines, if they can be read now: nothing stored, or the checker is in. */
function readNow(): CartLine[] | undefined {
  const raw = readStoredValue(browserStorage);
  if (raw === null) return [];
  return linesFrom?.(raw);
}

/** The stored cart's lines, fetching the checker first when there is a stored cart to check. */
async function read(): Promise<CartLine[]> {
  const now = readNow();
  if (now) return now;
  fetchingChecker ??= import("~/lib/stored-cart").then(
    (module) => {
      linesFrom = module.cartLinesFrom;
    },
    (error: unknown) => {
      fetchingChecker = null; // tried again next time
      throw error;
    },
  );
  await fetchingChecker;
  return readNow() ?? [];
}

/** Reads the stored cart, once. */
function load(): Promise<void> {
  loading ??= read().then(
    (stored) => {
      if (lines !== null) return;
      lines = stored;
      emit();
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The cart's lines as they are now, once the stored cart has been read. */
async function loaded(): Promise<CartLine[]> {
  await load();
  return current();
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
  if (lines === null) return; // the first read, still on its way, will see the change
  read()
    .then((stored) => {
      lines = stored;
      emit();
    })
    .catch((error: unknown) => console.error("Could not load the saved cart.", error));
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) window.addEventListener("storage", onStorage);
  listeners.add(listener);
  load().catch((error: unknown) => console.error("Could not load the saved cart.", error));
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("storage", onStorage);
  };
}

export const cartStore = {
  /** The lines now: empty until the stored cart has been read (`loaded` waits for that). */
  lines: current,
  loaded,
  async add(product: CartProduct, quantity: number): Promise<CartResult> {
    await load();
    // From here to the commit nothing waits, so quick clicks apply one after the other.
    const result = addLine(current(), product, quantity);
    if (result.ok) commit(result.lines);
    return result;
  },
  async remove(variantId: string) {
    await load();
    commit(removeLine(current(), variantId));
  },
  async setQuantity(variantId: string, quantity: number) {
    await load();
    commit(setLineQuantity(current(), variantId, quantity));
  },
  /** Replaces the cart; the stored one need not be read first. */
  replace(next: CartLine[]) {
    commit(next);
  },
  clear() {
    commit([]);
  },
};

/**
 * The cart's lines. The server renders an empty cart; the stored one takes over once read, right
 * after hydration (the header badge is painted before that by `CartBadgeScript`).
 */
export function useCartLines(): CartLine[] {
  return useSyncExternalStore(subscribe, current, () => EMPTY);
}

/** Whether the stored cart has been read: before that an empty cart means nothing. */
export function useCartLoaded(): boolean {
  return useSyncExternalStore(subscribe, isLoaded, () => false);
}

export function useCart() {
  const cartLines = useCartLines();
  return {
    lines: cartLines,
    count: cartItemCount(cartLines),
    totalPence: cartTotalPence(cartLines),
  };
}
