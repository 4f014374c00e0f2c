import { listAdminProducts } from "@server/admin/shop-figures";
import { getDb } from "@server/db/connection";
import { AdminProductTable } from "~/components/admin/admin-product-table";
import type { Route } from "./+types/dashboard.admin-products";

// /dashboard/admin-products: the catalogue with its prices and stock (behind the admin's guard).
// Creating and editing products is not built yet (issue 12 item 4): the screen says so.

export async function loader() {
  return { products: await listAdminProducts(await getDb(), 500) };
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1 className="text-3xl font-bold tracking-tight">Products</h1>
      <p className="mt-2 mb-6 text-ink-muted">
        Newest first. Adding and editing products here: Coming Soon!
      </p>
      <AdminProductTable products={loaderData.products} caption="Products" />
    </section>
  );
}
