import { formatLongDate } from "@common/dates";
import { formatOrderNumber } from "@common/orders/order-number";
import { formatReturnNumber } from "@common/returns/returns";
import { ShopLink } from "~/components/ui/shop-link";
import { AttentionList } from "./attention-list";

export type OpenReturnRow = {
  id: string;
  number: number;
  status: "requested" | "approved";
  orderId: string;
  orderNumber: number;
  customerName: string;
  createdAt: Date | string;
};

/** Returns waiting for the shop: an answer to give, or a parcel on its way back. */
export function OpenReturnsList({ returns }: { returns: OpenReturnRow[] }) {
  return (
    <AttentionList
      id="open-returns-heading"
      title="Returns to handle"
      empty="No return is waiting for an answer or a parcel."
      items={returns}
      keyOf={(row) => row.id}
    >
      {(row) => (
        <p className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
          <span>
            <span className="font-mono font-semibold">{formatReturnNumber(row.number)}</span> ·{" "}
            {row.customerName} · asked {formatLongDate(new Date(row.createdAt))} ·{" "}
            {row.status === "requested" ? "to answer" : "approved, parcel on its way"}
          </span>
          <ShopLink
            to={`/dashboard/admin-orders/${encodeURIComponent(row.orderId)}`}
            className="font-medium text-brand-strong hover:underline"
          >
            Order {formatOrderNumber(row.orderNumber)}
          </ShopLink>
        </p>
      )}
    </AttentionList>
  );
}
