import { DEFAULT_VARIANT_NAME } from "@common/cart/cart-rules";
import { formatLongDate } from "@common/dates";
import { formatPence } from "@common/money";
import { formatOrderNumber } from "@common/orders/order-number";
import { type OrderStatus, type OrderView, purchasedStatuses } from "@common/orders/order-types";
import { OrderStatusPills } from "~/components/orders/status-badge";
import { ShopLink } from "~/components/ui/shop-link";

/** Orders, newest first, each with its items, status and total; `empty` when there are none. */
export function OrderList({ orders, empty }: { orders: OrderView[]; empty: string }) {
  if (orders.length === 0) {
    return (
      <p className="rounded-[var(--radius-card)] border border-line bg-white p-8 text-center text-ink-muted">
        {empty}
      </p>
    );
  }
  return (
    <ul className="space-y-4">
      {orders.map((order) => {
        // A paid (or later) order's items can be reviewed.
        const reviewable = purchasedStatuses.includes(order.status as OrderStatus);
        return (
          <li
            key={order.id}
            className="rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-soft"
          >
            <article aria-label={`Order ${formatOrderNumber(order.number)}`}>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="font-semibold">
                  <ShopLink
                    to={`/dashboard/orders/${order.id}`}
                    className="text-brand-strong underline-offset-2 hover:underline"
                  >
                    Order <span className="font-mono">{formatOrderNumber(order.number)}</span>
                  </ShopLink>
                </h3>
                <OrderStatusPills order={order} />
              </div>
              <p className="mt-1 text-sm text-ink-muted">
                Placed {formatLongDate(new Date(order.createdAt))}
              </p>
              <ul className="mt-3 space-y-1 text-sm">
                {order.items.map((item) => (
                  <li
                    key={`${item.productName}-${item.variantName}`}
                    className="flex justify-between gap-3"
                  >
                    <span>
                      {item.quantity} × {item.productName}
                      {item.variantName === DEFAULT_VARIANT_NAME ? "" : ` (${item.variantName})`}
                      {reviewable ? (
                        <>
                          {" "}
                          <ShopLink
                            to={`/product/${item.productId}/review`}
                            className="ml-1 whitespace-nowrap text-brand-strong underline underline-offset-2 hover:text-brand"
                            aria-label={`Write a review of ${item.productName}`}
                          >
                            Write a review
                          </ShopLink>
                        </>
                      ) : null}
                    </span>
                    <span>{formatPence(item.unitPricePence * item.quantity)}</span>
                  </li>
                ))}
              </ul>
              <p className="mt-3 flex justify-between border-t border-line pt-3 font-semibold">
                <span>Total</span>
                <span>{formatPence(order.totalPence)}</span>
              </p>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
