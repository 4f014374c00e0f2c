import { formatLongDate } from "@common/dates";
import { formatPence } from "@common/money";
import { formatOrderNumber } from "@common/orders/order-number";
import type { RefundDueOrder } from "@common/orders/order-types";
import { TriangleAlert } from "~/components/ui/icons";
import { AttentionList } from "./attention-list";

/** Payments the shop could not take (a cancelled order, a wrong amount): refund them. */
export function RefundDueList({ orders }: { orders: RefundDueOrder[] }) {
  return (
    <AttentionList
      id="refund-due-heading"
      title="Payments to refund"
      empty="No payments need a refund."
      items={orders}
      keyOf={(order) => order.id}
    >
      {(order) => (
        <article
          aria-label={`Refund due: order ${formatOrderNumber(order.number)}`}
          className="flex gap-3"
        >
          <TriangleAlert className="mt-0.5 size-5 shrink-0 text-coral-strong" aria-hidden="true" />
          <div className="min-w-0 text-sm">
            <p className="font-semibold">
              Order <span className="font-mono">{formatOrderNumber(order.number)}</span> ·{" "}
              {order.status} · {formatPence(order.totalPence)}
            </p>
            <p className="text-ink-muted">
              {order.customerEmail} · {order.paymentProvider ?? "no provider"}{" "}
              <span className="font-mono">{order.providerIntentId ?? ""}</span> · flagged{" "}
              {formatLongDate(new Date(order.updatedAt))}
            </p>
            {order.paymentError ? <p className="mt-1">{order.paymentError}</p> : null}
          </div>
        </article>
      )}
    </AttentionList>
  );
}
