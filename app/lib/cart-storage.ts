// How the cart is kept in the browser's localStorage: one key, a versioned shape checked with Zod
// on every read, so a cart written by an older release, another site or a hand edit is never
// trusted as is (Zod, from browser-zod.ts).

import type { CartLine, CartProduct } from "@common/cart-rules";
import { DEFAULT_MAX_PER_ORDER, STOCK_BAND } from "@common/stock-levels";
import { z } from "./browser-zod";

export const CART_STORAGE_KEY = "gleam.cart";
export const CART_STORAGE_VERSION = 1;
/** More lines than any real order; a bigger stored cart is not ours. */
const MAX_LINES = 100;

const id = z.string().check(z.minLength(1), z.maxLength(128));
const count = z.int().check(z.minimum(0), z.maximum(1_000_000));

/** A variant as the cart holds it; also the shape of the shop's answer when the cart is re-checked. */
export const cartProductSchema = z.object({
  productId: id,
  name: z.string().check(z.minLength(1), z.maxLength(300)),
  imageUrl: z.string().check(z.maxLength(2048)),
  variantId: id,
  variantName: z.string().check(z.maxLength(300)),
  pricePence: count,
  stockQuantity: count,
  // Carts saved before per-order limits existed have none: the default, until the next re-check.
  maxPerOrder: z._default(
    z.int().check(z.minimum(1), z.maximum(STOCK_BAND)),
    DEFAULT_MAX_PER_ORDER,
  ),
}) satisfies z.ZodMiniType<CartProduct, unknown>;

const storedLine = z.extend(cartProductSchema, {
  quantity: z.int().check(z.minimum(1), z.maximum(1_000_000)),
}) satisfies z.ZodMiniType<CartLine>;

const storedCart = z.object({
  version: z.literal(CART_STORAGE_VERSION),
  lines: z.array(storedLine).check(
    z.maxLength(MAX_LINES),
    z.refine(
      (lines) => new Set(lines.map((line) => line.variantId)).size === lines.length,
      "a variant appears twice",
    ),
  ),
});

export type StoredCartRead =
  | { ok: true; lines: CartLine[] }
  | { ok: false; lines: CartLine[]; error: unknown };

/** The lines in a stored value; nothing stored is an empty cart, anything unreadable is reported. */
export function parseStoredCart(raw: string | null): StoredCartRead {
  if (raw === null) return { ok: true, lines: [] };
  try {
    const parsed = storedCart.safeParse(JSON.parse(raw));
    if (parsed.success) return { ok: true, lines: parsed.data.lines };
    return { ok: false, lines: [], error: parsed.error };
  } catch (error) {
    return { ok: false, lines: [], error };
  }
}

export function serializeCart(lines: readonly CartLine[]): string {
  return JSON.stringify({ version: CART_STORAGE_VERSION, lines });
}

/** Reads the cart; an unreadable one is logged and replaced by an empty cart (docs/product.md §8). */
export function readCart(storage: Pick<Storage, "getItem">): CartLine[] {
  let raw: string | null;
  try {
    raw = storage.getItem(CART_STORAGE_KEY);
  } catch (error) {
    console.error("Could not read the saved cart; starting with an empty cart.", error);
    return [];
  }
  const read = parseStoredCart(raw);
  if (!read.ok) {
    console.error("The saved cart was unreadable; starting with an empty cart.", read.error);
  }
  return read.lines;
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
