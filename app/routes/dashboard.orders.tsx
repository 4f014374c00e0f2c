import { requireUser } from "@server/auth/guards";
import { getDb } from "@server/db/connection";
import { listCustomerOrders } from "@server/orders/orders-service";
import { OrderList } from "~/components/account/order-list";
import type { Route } from "./+types/dashboard.orders";

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  return { orders: await listCustomerOrders(await getDb(), user.id) };
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1 className="mb-6 text-3xl font-bold tracking-tight">Orders</h1>
      <OrderList orders={loaderData.orders} empty="You haven't placed any orders yet." />
    </section>
  );
}
