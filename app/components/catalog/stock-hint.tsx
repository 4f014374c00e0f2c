import { cn } from "~/lib/class-names";

/** The seed spec's stock hints (§8): 'N in stock!', 'Out of stock.', 'Not enough stock. Only N left.' */
export function stockHint(stock: number, requested: number): { text: string; tone: "ok" | "warn" } {
  if (stock <= 0) return { text: "Out of stock.", tone: "warn" };
  if (requested > stock) return { text: `Not enough stock. Only ${stock} left.`, tone: "warn" };
  return { text: `${stock} in stock!`, tone: "ok" };
}

export function StockHint({ stock, requested }: { stock: number; requested: number }) {
  const hint = stockHint(stock, requested);
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
