import { cn } from "~/lib/class-names";

/** Shown only for a product with a genuine former price on one of its variants (docs/product.md §10). */
export function SaleBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        "rounded-full bg-coral-strong px-3 py-1 text-xs font-bold tracking-wide text-white uppercase",
        className,
      )}
    >
      Sale
    </span>
  );
}
