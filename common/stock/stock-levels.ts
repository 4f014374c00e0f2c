// How much stock the shop shows, and how much one order may take (docs/architecture.md#security, docs/product.md#beyond-a-brochure-site; decision record
// 008). Above the band, the exact figure helps only a competitor counting sales or a hoarder
// timing a grab, so the public figure stops there and the page says "In stock!". A variant's
// per-order limit is never above the band, so the banded figure never lowers what may be bought.

/** Stock at or above this is published as this figure, and shown as "In stock!". */
export const STOCK_BAND = 20;

/** The most one order may take of a variant unless its own limit says otherwise. */
export const DEFAULT_MAX_PER_ORDER = 10;

/** The stock as the public sees it: exact below the band, the band itself above. */
export function publicStock(stockQuantity: number): number {
  return Math.max(0, Math.min(stockQuantity, STOCK_BAND));
}

/** The most of a variant one order may hold: the smaller of its stock and its limit. */
export function purchaseLimit(variant: { stockQuantity: number; maxPerOrder: number }): number {
  return Math.max(0, Math.min(variant.stockQuantity, variant.maxPerOrder));
}

export function perOrderLimitMessage(productName: string, maxPerOrder: number): string {
  return `You can buy at most ${maxPerOrder} of ${productName} in one order.`;
}
