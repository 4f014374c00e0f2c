import type { AdminProductDetail } from "@common/admin/admin-figures";
import { formatDateTime } from "@common/dates";

const kindLabels: Record<string, string> = {
  sale: "Sold",
  release: "Released",
  restock: "Restocked",
  adjustment: "Counted",
};

/** Why each stock figure changed, newest first. */
export function StockMovements({ movements }: { movements: AdminProductDetail["movements"] }) {
  if (movements.length === 0) {
    return <p className="mt-3 text-sm text-ink-muted">No stock movements yet.</p>;
  }
  return (
    <ol className="mt-3 space-y-2 text-sm">
      {movements.map((movement) => (
        <li key={movement.id} className="flex flex-wrap justify-between gap-x-4">
          <span>
            <span className="font-medium">{kindLabels[movement.kind] ?? movement.kind}</span>{" "}
            {movement.quantityChange > 0 ? `+${movement.quantityChange}` : movement.quantityChange}{" "}
            {movement.variantName} → {movement.stockAfter}
            {movement.reason ? ` · ${movement.reason}` : ""}
          </span>
          <span className="text-ink-muted">{formatDateTime(movement.createdAt)}</span>
        </li>
      ))}
    </ol>
  );
}
