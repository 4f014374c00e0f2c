import { parseAdminOrderQuery, unreadableDateBound } from "@server/admin/admin-order-query";
import { ordersCsvStream } from "@server/admin/orders-csv";
import { getDb } from "@server/db/connection";
import { abortConnectionContext } from "@server/http/load-context";
import { currentLogFields, logger } from "@server/logger";
import type { Route } from "./+types/dashboard.admin-orders-export";

// /dashboard/admin-orders/export: the filtered orders as a CSV download, streamed (behind the
// admin's guard, dashboard.admin: its middleware runs for this resource route too). A date that
// is not one is refused (400), never taken for no bound: an export of every order is not what
// was asked. A failure once the download has begun is logged (one line, with the request's id)
// and the connection ended, so the download shows as failed.

export async function loader({ url, context }: Route.LoaderArgs) {
  const bound = unreadableDateBound(url.searchParams);
  if (bound) {
    return new Response(`Enter the ${bound} date as a day, YYYY-MM-DD.`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const query = parseAdminOrderQuery(url.searchParams);
  const day = new Date().toISOString().slice(0, 10);
  // The request's fields now: the stream is read later, outside this request's own log context.
  const log = logger.child(currentLogFields());
  const abortConnection = context.get(abortConnectionContext);
  const csv = ordersCsvStream(await getDb(), query, (error) => {
    log.error({ err: error, path: url.pathname }, "the orders export failed while it was sent");
    abortConnection();
  });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="orders-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
