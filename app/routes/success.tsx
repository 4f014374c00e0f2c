import { formatPence } from "@common/money";
import { formatOrderNumber } from "@common/orders/order-number";
import { routeMeta } from "@common/seo";
import { getSessionUser } from "@server/auth/session";
import { getDb } from "@server/db/connection";
import { findCustomerOrder } from "@server/orders/orders-service";
import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { cartStore } from "~/components/cart/cart-store";
import { buttonVariants } from "~/components/ui/button";
import { CheckCircle2 } from "~/components/ui/icons";
import type { Route } from "./+types/success";

// /success (docs/product.md#screens): 'Thank You', the order's number, the confirmation-email note, links on. The
// order comes from navigation state or `?order=`, shown only to the customer it belongs to.

export async function loader({ request, url }: Route.LoaderArgs) {
  const orderId = url.searchParams.get("order");
  if (!orderId) return { order: null };
  const user = await getSessionUser(request);
  const order = user ? await findCustomerOrder(await getDb(), user.id, orderId) : null;
  return {
    order: order
      ? {
          id: order.id,
          number: formatOrderNumber(order.number),
          status: order.status,
          totalPence: order.totalPence,
          giftCardPence: order.giftCardPence,
        }
      : null,
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, () => ({
    title: "Thank you for your order",
    description: "Your order is confirmed.",
    path: "/success",
    noindex: true,
  }));
}

/** An order whose money arrived, whatever became of it since (a gift card order is sent at once). */
const PAID = new Set(["paid", "fulfilled", "delivered"]);

function stateOrderId(state: unknown): string | null {
  if (
    state &&
    typeof state === "object" &&
    "orderId" in state &&
    typeof state.orderId === "string"
  ) {
    return state.orderId;
  }
  return null;
}

export default function Success({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const orderId = loaderData.order?.id ?? stateOrderId(location.state);
  // The number people read; the id only until the page's data says it (it always does for the
  // signed-in customer the order belongs to).
  const shown = loaderData.order?.number ?? orderId;

  useEffect(() => {
    cartStore.clear();
  }, []);

  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center sm:px-6 lg:py-24">
      <CheckCircle2 className="mx-auto size-14 text-brand" aria-hidden="true" />
      <h1 className="mt-6 text-4xl font-bold tracking-tight">Thank You</h1>
      <p className="mt-4 text-lg text-ink-muted">Your order has been placed.</p>
      {orderId ? (
        <p className="mt-6 rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-soft">
          Order number{" "}
          <span className="font-mono font-semibold" data-testid="order-id" data-order-id={orderId}>
            {shown}
          </span>
          {loaderData.order ? (
            <span className="block text-sm text-ink-muted">
              {formatPence(loaderData.order.totalPence)} ·{" "}
              {PAID.has(loaderData.order.status) ? "Paid" : "Payment being confirmed"}
              {loaderData.order.giftCardPence > 0
                ? ` · ${formatPence(loaderData.order.giftCardPence)} paid by gift card`
                : ""}
            </span>
          ) : null}
        </p>
      ) : null}
      <p className="mt-6 text-ink-muted">
        A confirmation email with your order details is on its way to you.
      </p>
      <div className="mt-10 flex flex-wrap justify-center gap-4">
        <Link to="/store" className={buttonVariants()}>
          Continue Shopping
        </Link>
        <Link to="/dashboard" className={buttonVariants({ variant: "secondary" })}>
          View Your Orders
        </Link>
      </div>
    </div>
  );
}
