import { listAdminProducts } from "@server/admin/shop-figures";
import { getDb } from "@server/db/connection";
import { logger } from "@server/logger";
import { Plus } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import { AdminProductTable } from "~/components/admin/admin-product-table";
import { buttonVariants } from "~/components/ui/button";
import { showToast } from "~/lib/toast";
import type { Route } from "./+types/dashboard.admin-products";

// /dashboard/admin-products: the catalogue with its prices and stock, each product opening its
// editor (behind the admin's guard).

export async function loader() {
  try {
    return { products: await listAdminProducts(await getDb(), 500), error: null };
  } catch (error) {
    logger.error({ err: error }, "the admin's products could not be read");
    return { products: [], error: "The products could not be read. Please try again." };
  }
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { error } = loaderData;
  useEffect(() => {
    if (error) void showToast("Error fetching products", { description: error, tone: "error" });
  }, [error]);
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
