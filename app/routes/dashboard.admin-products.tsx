import { listAdminProducts } from "@server/admin/shop-figures";
import { getDb } from "@server/db/connection";
import { Plus } from "lucide-react";
import { Link } from "react-router";
import { AdminProductTable } from "~/components/admin/admin-product-table";
import { buttonVariants } from "~/components/ui/button";
import type { Route } from "./+types/dashboard.admin-products";

// /dashboard/admin-products: the catalogue with its prices and stock, each product opening its
// editor (behind the admin's guard).

export async function loader() {
  return { products: await listAdminProducts(await getDb(), 500) };
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Products</h1>
          <p className="mt-2 text-ink-muted">Newest first, archived ones too.</p>
        </div>
        <Link to="/dashboard/admin-products/new" className={buttonVariants()}>
          <Plus aria-hidden="true" />
          Add product
        </Link>
      </div>
      <div className="mt-6" />
      <AdminProductTable products={loaderData.products} caption="Products" />
    </section>
  );
}
