import type { AbandonedCheckout } from "@common/admin/abandoned-checkout";
import { formatDateTime } from "@common/dates";
import { formatPence } from "@common/money";
import { formatOrderNumber } from "@common/orders/order-number";
import { ShopLink } from "~/components/ui/shop-link";
import { EmptyCard, HeadRow, TableRegion } from "~/components/ui/table-region";

const link = "font-medium text-brand-strong underline-offset-2 hover:underline";

/**
 * Abandoned checkouts as the admin reads them (docs/admin.md#abandoned-checkouts): who, what,
 * when, the value, whether the reminder went and whether the customer came back and bought. On
 * a phone each is a stacked row.
 */
export function AbandonedCheckoutTable({ checkouts }: { checkouts: AbandonedCheckout[] }) {
  if (checkouts.length === 0) {
    return <EmptyCard>No abandoned checkouts in the last 30 days.</EmptyCard>;
  }
  return (
    <TableRegion label="Abandoned checkouts" className="max-md:block md:min-w-[52rem]">
      <HeadRow
        labels={["Customer", "Items", "Started", "Value", "Reminder", "Recovered"]}
        className="max-md:hidden"
      />
      <tbody className="divide-y divide-line max-md:block">
        {checkouts.map((checkout) => (
          <tr
            key={checkout.orderId}
            data-testid="abandoned-checkout-row"
            className="align-top max-md:grid max-md:grid-cols-[1fr_auto] max-md:gap-x-4 max-md:gap-y-1 max-md:px-4 max-md:py-3"
          >
            <td className="min-w-0 px-4 py-3 max-md:p-0">
              {checkout.userId ? (
                <ShopLink
                  to={`/dashboard/admin-customers/${encodeURIComponent(checkout.userId)}`}
                  className={`block ${link}`}
                >
                  {checkout.customerName}
                </ShopLink>
              ) : (
                <span className="block font-medium">{checkout.customerName}</span>
              )}
              <span className="block truncate text-ink-muted">{checkout.customerEmail}</span>
            </td>
            <td className="px-4 py-3 max-md:order-last max-md:col-span-2 max-md:p-0">
              {checkout.items}
            </td>
            <td className="px-4 py-3 whitespace-nowrap max-md:p-0 max-md:text-right max-md:text-xs max-md:text-ink-muted">
              {formatDateTime(checkout.startedAt)}
              <span className="block text-xs text-ink-muted">
                {checkout.open
                  ? "Stock still held"
                  : `Order ${formatOrderNumber(checkout.number)} ended`}
              </span>
            </td>
            <td className="px-4 py-3 font-semibold whitespace-nowrap max-md:p-0">
              {formatPence(checkout.totalPence)}
            </td>
            <td className="px-4 py-3 whitespace-nowrap max-md:p-0 max-md:text-right max-md:text-xs">
              <span className="md:hidden">Reminder: </span>
              {checkout.reminderSentAt ? (
                `Sent ${formatDateTime(checkout.reminderSentAt)}`
              ) : (
                <span className="text-ink-muted">Not sent</span>
              )}
            </td>
            <td className="px-4 py-3 whitespace-nowrap max-md:col-span-2 max-md:p-0 max-md:text-xs">
              <span className="md:hidden">Recovered: </span>
              {checkout.recoveredBy ? (
                <ShopLink
                  to={`/dashboard/admin-orders/${encodeURIComponent(checkout.recoveredBy.orderId)}`}
                  className={link}
                >
                  Yes, {formatOrderNumber(checkout.recoveredBy.number)}
                </ShopLink>
              ) : (
                <span className="text-ink-muted">No</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </TableRegion>
  );
}
