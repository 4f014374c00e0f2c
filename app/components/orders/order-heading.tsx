import { formatOrderNumber } from "@common/orders/order-number";
import { OrderStatusPills } from "~/components/orders/status-badge";
import { ArrowLeft } from "~/components/ui/icons";
import { ShopLink } from "~/components/ui/shop-link";

/**
 * The top of an order's page: the way back to the list it came from, the order's number and
 * status (the page's heading, `order-heading`), and when it was placed.
 */
export function OrderHeading({
  back,
  order,
  placed,
}: {
  back: string;
  order: { id: string; number: number; status: string; refundedPence: number };
  placed: string;
}) {
  return (
    <>
      <ShopLink
        to={back}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-strong hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        All orders
      </ShopLink>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 id="order-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Order{" "}
          <span className="font-mono text-xl sm:text-2xl">{formatOrderNumber(order.number)}</span>
        </h1>
        <OrderStatusPills order={order} />
      </div>
      <p className="mt-1 text-ink-muted">Placed {placed}</p>
    </>
  );
}
