import { formatDateTime } from "@common/dates";
import type { OrderHistoryEntry } from "@common/orders/order-types";

const actionLabels: Record<string, string> = {
  "order.created": "Order placed",
  "order.paid": "Payment received",
  "order.payment_failed": "Payment declined",
  "order.cancelled": "Cancelled",
  "order.refund_due": "Flagged for a refund",
  "order.refund_settled": "Refund settled",
  "order.refunded": "Refunded in full",
  "order.refunded_in_part": "Refunded in part",
  "order.refund_not_made": "Refund recorded as not made",
  "order.refund_checked": "Refund checked",
  "order.fulfilled": "Marked fulfilled",
  "order.delivered": "Marked delivered",
  "order.anonymised": "Customer details removed",
  "order.note_added": "Note",
  "order.return_requested": "Return requested",
  "order.return_approved": "Return approved",
  "order.return_rejected": "Return rejected",
  "order.return_received": "Return received",
  "order.email_resent": "Email sent again",
  "order.customer_emailed": "Emailed the customer",
  "customer.note_updated": "Note changed",
  "customer.exported": "Data exported",
  "customer.erased": "Erased",
  "product.created": "Product created",
  "product.updated": "Product edited",
  "product.archived": "Archived",
  "product.restored": "Restored",
  "product.published": "Published",
  "product.unpublished": "Back to draft",
};

const actorLabels: Record<string, string> = {
  customer: "customer",
  admin: "admin",
  provider: "payment provider",
  system: "the shop",
};

/** An entity's audit trail, oldest first: what happened, by whom, when, and why. */
export function HistoryList({ entries }: { entries: OrderHistoryEntry[] }) {
  if (entries.length === 0) {
    return <p className="mt-3 text-sm text-ink-muted">No changes recorded.</p>;
  }
  return (
    <ol className="mt-3 space-y-3 border-l-2 border-line pl-4 text-sm">
      {entries.map((entry) => (
        <li key={entry.id}>
          <p className="font-medium">{actionLabels[entry.action] ?? entry.action}</p>
          <p className="text-ink-muted">
            {formatDateTime(entry.createdAt)} · {entry.actorName} (
            {actorLabels[entry.actorType] ?? entry.actorType})
          </p>
          {entry.reason ? <p className="whitespace-pre-line break-words">{entry.reason}</p> : null}
        </li>
      ))}
    </ol>
  );
}
