import { formatPence } from "@common/money";
import { orderStatusLabel, partRefundPence } from "@common/orders/order-types";
import { cn } from "~/lib/class-names";

const tones: Record<string, string> = {
  pending: "bg-amber-100 text-amber-900",
  paid: "bg-brand-soft text-brand-strong",
  fulfilled: "bg-sky-100 text-sky-900",
  delivered: "bg-emerald-100 text-emerald-900",
  cancelled: "bg-slate-200 text-slate-800",
  refunded: "bg-rose-100 text-rose-900",
};

/** An order's status as a coloured pill (the text says it; the colour only helps the eye). */
export function StatusBadge({ status, label }: { status: string; label: string }) {
  return (
    <span
      className={cn(
        "inline-block rounded-full px-3 py-0.5 text-xs font-semibold whitespace-nowrap",
        tones[status] ?? "bg-slate-200 text-slate-800",
      )}
    >
      {label}
    </span>
  );
}

/** An order's status pill, and beside it what was refunded of an order that still stands. */
export function OrderStatusPills({ order }: { order: { status: string; refundedPence: number } }) {
  const refunded = partRefundPence(order);
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <StatusBadge status={order.status} label={orderStatusLabel(order.status)} />
      {refunded === null ? null : (
        <StatusBadge status="refunded" label={`Partially refunded ${formatPence(refunded)}`} />
      )}
    </span>
  );
}
