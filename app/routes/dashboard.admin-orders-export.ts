import { parseAdminOrderQuery } from "@server/admin/admin-order-query";
import { ordersCsvStream } from "@server/admin/orders-csv";
import { getDb } from "@server/db/connection";
import type { Route } from "./+types/dashboard.admin-orders-export";

// /dashboard/admin-orders/export: the filtered orders as a CSV download, streamed (behind the
// admin's guard, dashboard.admin: its middleware runs for this resource route too).

export async function loader({ url }: Route.LoaderArgs) {
  const query = parseAdminOrderQuery(url.searchParams);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(ordersCsvStream(await getDb(), query), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="orders-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
