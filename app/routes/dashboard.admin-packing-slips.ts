import { getDb } from "@server/db/connection";
import { pdfResponse } from "@server/http/pdf-response";
import { ordersToPack, packingSlipsPdf } from "@server/invoices/packing-slips";
import { getShopSettings } from "@server/settings/shop-settings";
import type { Route } from "./+types/dashboard.admin-packing-slips";

// /dashboard/admin-orders/packing-slips: a packing slip for every order to fulfil (paid, not yet
// shipped), oldest first, as one PDF to print (behind the admin's guard, dashboard.admin).

export async function loader(_: Route.LoaderArgs) {
  const slips = await ordersToPack(await getDb());
  if (slips.length === 0) {
    return new Response("No orders are waiting to be packed.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const day = new Date().toISOString().slice(0, 10);
  const { shopName } = await getShopSettings();
  return pdfResponse(await packingSlipsPdf(slips, shopName), `packing-slips-${day}.pdf`);
}
