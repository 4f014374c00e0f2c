import { formatPence } from "@common/money";
import { cn } from "~/lib/class-names";

/** A price; a struck-through former price only when the variant has a genuine one (docs/product.md#beyond-a-brochure-site). */
export function Price({
  pricePence,
  compareAtPricePence,
  className,
}: {
  pricePence: number;
  compareAtPricePence?: number | null;
  className?: string;
}) {
  const onSale = compareAtPricePence != null && compareAtPricePence > pricePence;
  return (
    <p className={cn("flex items-baseline gap-2", className)}>
      <span className={cn("font-bold", onSale ? "text-coral-strong" : "text-ink")}>
        {onSale ? <span className="sr-only">Now </span> : null}
        {formatPence(pricePence)}
      </span>
      {onSale ? (
        <s className="text-[0.85em] font-normal text-ink-muted">
          <span className="sr-only">Was </span>
          {formatPence(compareAtPricePence)}
        </s>
      ) : null}
    </p>
  );
}
