import { formatOrderNumber } from "@common/orders/order-number";
import { routeMeta } from "@common/seo";
import { requireUser } from "@server/auth/guards";
import { getDb } from "@server/db/connection";
import { answerForm, formIntent } from "@server/http/form-action";
import { documentsOfOrder } from "@server/invoices/documents";
import { getCustomerOrder } from "@server/orders/orders-service";
import { returnRequestSchema } from "@server/payments/refund-form";
import { customerReturns, requestReturn, returnAddress } from "@server/returns/returns";
import { emailBrand, getShopSettings } from "@server/settings/shop-settings";
import { data } from "react-router";
import { CustomerOrder } from "~/components/account/customer-order";
import { OrderReturns } from "~/components/account/order-returns";
import type { Route } from "./+types/dashboard.order";

// /dashboard/orders/:orderId: one of the signed-in customer's own orders. Anyone else's order
// answers as an order that does not exist.

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  const db = await getDb();
  const detail = await getCustomerOrder(db, user.id, params.orderId);
  if (!detail) throw data("Order not found.", { status: 404 });
  const settings = await getShopSettings();
  const [documents, returns] = await Promise.all([
    documentsOfOrder(db, params.orderId),
    customerReturns(db, user.id, params.orderId, settings),
  ]);
  return {
    ...detail,
    documents,
    returns: returns?.returns ?? [],
    returnOffer: returns?.offer ?? null,
    returnAddress: returnAddress(settings),
  };
}

export async function action({ request, params, url }: Route.ActionArgs) {
  const user = await requireUser(request, url);
  const db = await getDb();
  return answerForm(request, {
    "request-return": formIntent(returnRequestSchema, async (input) =>
      requestReturn(db, await emailBrand(db), await getShopSettings(), {
        userId: user.id,
        orderId: params.orderId,
        ...input,
      }),
    ),
  });
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
  return (
    <CustomerOrder detail={loaderData} documents={loaderData.documents}>
      {loaderData.returnOffer ? (
        <OrderReturns
          returns={loaderData.returns}
          offer={loaderData.returnOffer}
          returnAddress={loaderData.returnAddress}
        />
      ) : null}
    </CustomerOrder>
  );
}
