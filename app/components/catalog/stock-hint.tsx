import { STOCK_BAND } from "@common/stock/stock-levels";
import { cn } from "~/lib/class-names";

/**
 * The stock hints (docs/product.md#messages): 'N in stock!', 'Out of stock.', 'Not enough stock. Only N
 * left.'; at or above the stock band the count is not published, so 'In stock!'; and past what one
 * order may take, that limit.
 */
export function stockHint(
  variant: { stockQuantity: number; maxPerOrder: number },
  requested: number,
): { text: string; tone: "ok" | "warn" } {
  const stock = variant.stockQuantity;
  if (stock <= 0) return { text: "Out of stock.", tone: "warn" };
  if (requested > variant.maxPerOrder) {
    return { text: `You can buy at most ${variant.maxPerOrder} in one order.`, tone: "warn" };
  }
  if (requested > stock) return { text: `Not enough stock. Only ${stock} left.`, tone: "warn" };
  if (stock >= STOCK_BAND) return { text: "In stock!", tone: "ok" };
  return { text: `${stock} in stock!`, tone: "ok" };
}

export function StockHint({
  variant,
  requested,
}: {
  variant: { stockQuantity: number; maxPerOrder: number };
  requested: number;
}) {
  const hint = stockHint(variant, requested);
  return (
    <p
      aria-live="polite"
      className={cn(
        "text-sm font-medium",
        hint.tone === "ok" ? "text-brand-strong" : "text-coral-strong",
      )}
    >
      {hint.text}
    </p>
  );
}
