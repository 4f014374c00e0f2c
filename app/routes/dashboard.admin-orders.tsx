import { ADMIN_ORDERS_PAGE_SIZE, listOrders } from "@server/admin/admin-orders";
import { getDb } from "@server/db/connection";
import { z } from "zod";
import { AdminOrderTable } from "~/components/admin/admin-order-table";
import type { Route } from "./+types/dashboard.admin-orders";

// /dashboard/admin-orders: every order, newest first (behind the admin's guard, dashboard.admin).

const pageSchema = z.coerce.number().int().min(1).max(100_000).catch(1);

export async function loader({ request }: Route.LoaderArgs) {
  const page = pageSchema.parse(new URL(request.url).searchParams.get("page") ?? 1);
  const { orders, total } = await listOrders(await getDb(), { page });
  return { orders, total, page, pageCount: Math.max(1, Math.ceil(total / ADMIN_ORDERS_PAGE_SIZE)) };
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1 className="text-3xl font-bold tracking-tight">Orders</h1>
      <p className="mt-2 mb-6 text-ink-muted">
        {loaderData.total === 1 ? "1 order" : `${loaderData.total} orders`}, newest first.
      </p>
      <AdminOrderTable
        orders={loaderData.orders}
        page={loaderData.page}
        pageCount={loaderData.pageCount}
      />
    </section>
  );
}
