// The cart's rules (docs/product.md#states, docs/product.md#validation), shared by the pages and the server's own checks. Pure
// functions over a list of lines: no storage, no React, no network.

import type { BoughtGiftCard } from "../gift-cards/gift-cards";
import { formatPence } from "../money";
import { perOrderLimitMessage, purchaseLimit } from "../stock/stock-levels";

/** One line of the cart: a variant and how many (docs/product.md#records, "Cart item"). */
export type CartLine = {
  productId: string;
  name: string;
  imageUrl: string;
  variantId: string;
  variantName: string;
  pricePence: number;
  /** As the shop publishes it: exact below the stock band (common/stock/stock-levels.ts). */
  stockQuantity: number;
  /** The most one order may take of this variant. */
  maxPerOrder: number;
  quantity: number;
  /**
   * A gift card bought (docs/decisions/067): not a catalogue variant. Its line is its own (the
   * variant id is made for it), one card, at its amount.
   */
  giftCard?: BoughtGiftCard;
};

/** What the cart needs to know about a variant to add it. */
export type CartProduct = Omit<CartLine, "quantity">;

/** The cart's view of a product's variant, from the catalogue's data. */
export function toCartProduct(
  product: { id: string; name: string; imageUrl: string },
  variant: {
    id: string;
    name: string;
    pricePence: number;
    stockQuantity: number;
    maxPerOrder: number;
  },
): CartProduct {
  return {
    productId: product.id,
    name: product.name,
    imageUrl: product.imageUrl,
    variantId: variant.id,
    variantName: variant.name,
    pricePence: variant.pricePence,
    stockQuantity: variant.stockQuantity,
    maxPerOrder: variant.maxPerOrder,
  };
}

export type CartResult = { ok: true; lines: CartLine[] } | { ok: false; error: string };

/** The variant name the seed hides in the cart when a product has only one option. */
export const DEFAULT_VARIANT_NAME = "Default";

/** An item's name as the customer reads it: "Whitening Pen (Twin Pack)", or the product's alone. */
export function itemName(productName: string, variantName: string): string {
  return variantName === DEFAULT_VARIANT_NAME ? productName : `${productName} (${variantName})`;
}

type StockedVariant = { stockQuantity: number; maxPerOrder: number };

/**
 * Add to Cart is disabled with no variant, with no stock, or when more are asked for than there
 * are or than one order may take.
 */
export function canAddToCart(
  variant: StockedVariant | null | undefined,
  quantity: number,
): boolean {
  if (!variant) return false;
  if (variant.stockQuantity <= 0) return false;
  return Number.isInteger(quantity) && quantity >= 1 && quantity <= purchaseLimit(variant);
}

export function notEnoughStockMessage(productName: string, left: number): string {
  return `Not enough stock for ${productName}. Only ${left} left.`;
}

/**
 * Adds `quantity` of a variant; a variant already in the cart has its quantity increased. An add
 * that would take the line above what one order may take, or above the stock, is refused as a
 * whole. The line takes the product's latest price and stock. The per-order limit is checked
 * first: above the stock band the published stock is not the real one, and only the limit (always
 * below the band) can truthfully refuse such an add.
 */
export function addLine(
  lines: readonly CartLine[],
  product: CartProduct,
  quantity: number,
): CartResult {
  if (!Number.isInteger(quantity) || quantity < 1) {
    return { ok: false, error: "Choose a quantity of at least 1." };
  }
  const existing = lines.find((line) => line.variantId === product.variantId);
  const wanted = (existing?.quantity ?? 0) + quantity;
  if (wanted > product.maxPerOrder) {
    return { ok: false, error: perOrderLimitMessage(product.name, product.maxPerOrder) };
  }
  if (wanted > product.stockQuantity) {
    return { ok: false, error: notEnoughStockMessage(product.name, product.stockQuantity) };
  }
  if (!existing) return { ok: true, lines: [...lines, { ...product, quantity }] };
  return {
    ok: true,
    lines: lines.map((line) =>
      line.variantId === product.variantId ? { ...line, ...product, quantity: wanted } : line,
    ),
  };
}

export function removeLine(lines: readonly CartLine[], variantId: string): CartLine[] {
  return lines.filter((line) => line.variantId !== variantId);
}

/**
 * Sets a line's quantity: 0 or less removes the line; more than the stock (or than one order may
 * take) is capped there with a console warning (docs/product.md#states). An unknown variant leaves the cart
 * as it is.
 */
export function setLineQuantity(
  lines: readonly CartLine[],
  variantId: string,
  quantity: number,
): CartLine[] {
  const whole = Math.trunc(quantity);
  if (!Number.isFinite(whole) || whole <= 0) return removeLine(lines, variantId);
  return lines.flatMap((line) => {
    if (line.variantId !== variantId) return [line];
    const limit = purchaseLimit(line);
    if (whole > limit) {
      console.warn(
        limit < line.maxPerOrder
          ? `Only ${line.stockQuantity} of ${line.name} in stock: quantity capped at ${limit}.`
          : `At most ${limit} of ${line.name} per order: quantity capped at ${limit}.`,
      );
      return limit > 0 ? [{ ...line, quantity: limit }] : [];
    }
    return [{ ...line, quantity: whole }];
  });
}

export function cartItemCount(lines: readonly CartLine[]): number {
  return lines.reduce((count, line) => count + line.quantity, 0);
}

export function lineTotalPence(line: Pick<CartLine, "pricePence" | "quantity">): number {
  return line.pricePence * line.quantity;
}

export function cartTotalPence(lines: readonly CartLine[]): number {
  return lines.reduce((total, line) => total + lineTotalPence(line), 0);
}

/** "Whitening Strips (Two-Kit)", or just the product name for its only, 'Default', variant. */
export function lineLabel(line: Pick<CartLine, "name" | "variantName">): string {
  return line.variantName === DEFAULT_VARIANT_NAME
    ? line.name
    : `${line.name} (${line.variantName})`;
}

/** A variant as the shop sells it now, from the server. */
export type CurrentVariant = CartProduct;

/**
 * Brings the cart in line with the shop's current prices and stock: a changed price is taken, a
 * quantity above the stock is lowered to it, and a line whose variant is gone or sold out is
 * removed. Returns the new lines and one sentence per change, for the shopper.
 */
export function reconcileLines(
  lines: readonly CartLine[],
  current: readonly CurrentVariant[],
): { lines: CartLine[]; changes: string[] } {
  const byId = new Map(current.map((variant) => [variant.variantId, variant]));
  const changes: string[] = [];
  const next: CartLine[] = [];
  for (const line of lines) {
    const variant = byId.get(line.variantId);
    const label = lineLabel(line);
    if (!variant) {
      changes.push(`${label} is no longer available and was removed from your cart.`);
      continue;
    }
    if (variant.stockQuantity <= 0) {
      changes.push(`${label} is out of stock and was removed from your cart.`);
      continue;
    }
    if (variant.pricePence !== line.pricePence) {
      changes.push(
        `The price of ${label} changed from ${formatPence(line.pricePence)} to ${formatPence(variant.pricePence)}.`,
      );
    }
    let quantity = line.quantity;
    const limit = purchaseLimit(variant);
    if (quantity > limit) {
      quantity = limit;
      changes.push(
        limit < variant.maxPerOrder
          ? `Only ${quantity} of ${label} left: your quantity is now ${quantity}.`
          : `You can buy at most ${quantity} of ${label} in one order: your quantity is now ${quantity}.`,
      );
    }
    next.push({ ...line, ...variant, quantity });
  }
  return { lines: next, changes };
}
