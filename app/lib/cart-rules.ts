// The cart's rules (seed spec §4, §5), shared by the pages and, later, the server's own checks.

type StockedVariant = { stockQuantity: number };

/** Add to Cart is disabled with no variant, with no stock, or when more are asked for than there are. */
export function canAddToCart(
  variant: StockedVariant | null | undefined,
  quantity: number,
): boolean {
  if (!variant) return false;
  if (variant.stockQuantity <= 0) return false;
  return Number.isInteger(quantity) && quantity >= 1 && quantity <= variant.stockQuantity;
}
