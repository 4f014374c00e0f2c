import { formatOrderNumber } from "@common/order-number";
import { routeMeta } from "@common/seo";
import { requireUser } from "@server/auth/guards";
import { getDb } from "@server/db/connection";
import { documentsOfOrder } from "@server/invoices/documents";
import { getCustomerOrder } from "@server/orders/orders-service";
import { data } from "react-router";
import { CustomerOrder } from "~/components/account/customer-order";
import type { Route } from "./+types/dashboard.order";

// /dashboard/orders/:orderId: one of the signed-in customer's own orders. Anyone else's order
// answers as an order that does not exist.

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  const detail = await getCustomerOrder(await getDb(), user.id, params.orderId);
  if (!detail) throw data("Order not found.", { status: 404 });
  return { ...detail, documents: await documentsOfOrder(await getDb(), params.orderId) };
}

export function meta({ matches, params, loaderData }: Route.MetaArgs) {
  return routeMeta(matches, () => ({
    title: `Order ${loaderData ? formatOrderNumber(loaderData.order.number) : ""}`.trim(),
    description: "One of your orders: its items, delivery and history.",
    path: `/dashboard/orders/${params.orderId}`,
    noindex: true,
  }));
}

export default function Order({ loaderData }: Route.ComponentProps) {
  return <CustomerOrder detail={loaderData} documents={loaderData.documents} />;
}
