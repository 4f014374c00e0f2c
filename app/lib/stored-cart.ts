// Reading the cart back from the browser's localStorage (cart-storage.ts writes it): the versioned
// shape is checked with Zod on every read, so a cart written by an older release, another site or
// a hand edit is never trusted as is (Zod, from browser-zod.ts). The cart store fetches this module
// only when there is a stored cart to read, after the page's first load.

import type { CartLine, CartProduct } from "@common/cart/cart-rules";
import { DEFAULT_MAX_PER_ORDER, STOCK_BAND } from "@common/stock/stock-levels";
import { z } from "./browser-zod";
import { CART_STORAGE_VERSION } from "./cart-storage";

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

const text = (max: number) => z.nullable(z.string().check(z.maxLength(max)));

/** A gift card bought: the checkout checks it all again (common/checkout/checkout-input.ts). */
const boughtGiftCard = z.object({
  amountPence: count,
  recipientEmail: text(254),
  recipientName: text(100),
  senderName: text(100),
  message: text(500),
  sendOn: text(10),
});

const storedLine = z.extend(cartProductSchema, {
  quantity: z.int().check(z.minimum(1), z.maximum(1_000_000)),
  giftCard: z.optional(boughtGiftCard),
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

/** The lines of a stored value; an unreadable one is logged and read as an empty cart (docs/product.md#messages). */
export function cartLinesFrom(raw: string | null): CartLine[] {
  const read = parseStoredCart(raw);
  if (!read.ok) {
    console.error("The saved cart was unreadable; starting with an empty cart.", read.error);
  }
  return read.lines;
}
