import { cn } from "~/lib/class-names";

/**
 * Shown only for a product with a genuine former price on one of its variants (docs/product.md#beyond-a-brochure-site):
 * "Sale" when the price shown beside it is reduced, otherwise what is (`label`, "Save on Twin Pack"),
 * so the badge never claims a reduction the headline price does not have.
 */
export function SaleBadge({ className, label }: { className?: string; label?: string }) {
  return (
    <span
      className={cn(
        "rounded-2xl bg-coral-strong px-2.5 py-1 text-xs leading-tight font-bold tracking-wide text-white sm:px-3",
        label ? null : "uppercase",
        className,
      )}
    >
      {label ?? "Sale"}
    </span>
  );
}
