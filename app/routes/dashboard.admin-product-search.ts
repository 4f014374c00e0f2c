import { findProductsByName } from "@server/admin/product-picker";
import { getDb } from "@server/db/connection";
import { z } from "zod";
import type { Route } from "./+types/dashboard.admin-product-search";

// GET /dashboard/admin-products/search?q=: the admin's product picker's matches (behind the
// admin's guard, dashboard.admin). Never stored by a cache: it is the admin's.

const query = z.string().max(100).catch("");

export async function loader({ url }: Route.LoaderArgs) {
  const text = query.parse(url.searchParams.get("q") ?? "");
  const products = await findProductsByName(await getDb(), text);
  return Response.json({ products }, { headers: { "Cache-Control": "private, no-store" } });
}
