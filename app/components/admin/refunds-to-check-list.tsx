import { formatDateTime } from "@common/dates";
import { formatPence } from "@common/money";
import { formatOrderNumber } from "@common/orders/order-number";
import type { RefundToCheck } from "@common/orders/order-types";
import { TriangleAlert } from "~/components/ui/icons";
import { ShopLink } from "~/components/ui/shop-link";
import { AttentionList } from "./attention-list";

/**
 * Refunds asked of the payment provider and not answered for minutes, or flagged with what the
 * admin must check (server/orders/order-refunds.ts): never left to pass silently.
 */
export function RefundsToCheckList({ refunds }: { refunds: RefundToCheck[] }) {
  return (
    <AttentionList
      id="refunds-to-check-heading"
      title="Refunds to check"
      empty="Every refund has been answered by the payment provider."
      items={refunds}
      keyOf={(refund) => refund.id}
    >
      {(refund) => (
        <article
          aria-label={`Refund to check: ${formatPence(refund.amountPence)} for order ${formatOrderNumber(refund.orderNumber)}`}
          className="flex gap-3"
        >
          <TriangleAlert className="mt-0.5 size-5 shrink-0 text-coral-strong" aria-hidden="true" />
          <div className="min-w-0 text-sm">
            <p className="font-semibold">
              {formatPence(refund.amountPence)}
              {refund.cancelsOrder ? " (cancelling the order)" : ""} ·{" "}
              <ShopLink
                to={`/dashboard/admin-orders/${refund.orderId}`}
                className="font-mono break-all text-brand-strong hover:underline"
              >
                Order {formatOrderNumber(refund.orderNumber)}
              </ShopLink>
            </p>
            <p className="text-ink-muted">
              {refund.customerEmail} · asked {formatDateTime(refund.createdAt)}
            </p>
            <p className="mt-1">
              {refund.attention ??
                `Not answered by the payment provider yet: the shop asks again every few minutes until ${formatDateTime(refund.retryUntil)}, and the order cannot be fulfilled meanwhile.`}
            </p>
          </div>
        </article>
      )}
    </AttentionList>
  );
}
