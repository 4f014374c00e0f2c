import { normalizeSearchText } from "@common/catalog/search-text";
import { productCountText } from "@common/catalog/store-listing";
import { pageNumber } from "@common/page-number";
import { listAdminProducts } from "@server/admin/shop-figures";
import { getDb } from "@server/db/connection";
import { logger } from "@server/logger";
import { useEffect } from "react";
import { Form, Link } from "react-router";
import { z } from "zod";
import { AdminProductTable } from "~/components/admin/admin-product-table";
import { Button, buttonVariants } from "~/components/ui/button";
import { Download, Plus, Search } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { PageLinks } from "~/components/ui/page-links";
import { showToast } from "~/lib/toast";
import type { Route } from "./+types/dashboard.admin-products";

// /dashboard/admin-products: the catalogue with its prices and stock, 50 a page, searchable by
// name, each product opening its editor (behind the admin's guard).

const PAGE_SIZE = 50;

const querySchema = z.object({
  q: z.string().default("").transform(normalizeSearchText).catch(""),
  page: pageNumber,
});

export async function loader({ url }: Route.LoaderArgs) {
  const query = querySchema.parse(Object.fromEntries(url.searchParams));
  try {
    const { products, total } = await listAdminProducts(await getDb(), {
      limit: PAGE_SIZE,
      offset: (query.page - 1) * PAGE_SIZE,
      search: query.q,
    });
    return { products, total, query, error: null };
  } catch (error) {
    logger.error({ err: error }, "the admin's products could not be read");
    return {
      products: [],
      total: 0,
      query,
      error: "The products could not be read. Please try again.",
    };
  }
}

function pageHref(q: string, page: number): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return `/dashboard/admin-products${search ? `?${search}` : ""}`;
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { error, total, query } = loaderData;
  useEffect(() => {
    if (error) void showToast("Error fetching products", { description: error, tone: "error" });
  }, [error]);
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <section>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Products</h1>
          <p className="mt-2 text-ink-muted">
            Newest first, archived ones too: {productCountText(total)}
            {query.q ? ` named like “${query.q}”` : ""}.
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          {/* A download, not a page: the browser saves it (the filtered products, as CSV). */}
          <a
            href={`/dashboard/admin-products/export${query.q ? `?q=${encodeURIComponent(query.q)}` : ""}`}
            className={buttonVariants({ variant: "secondary" })}
            download
          >
            <Download aria-hidden="true" />
            Export CSV
          </a>
          <Link
            to="/dashboard/admin-products/import"
            className={buttonVariants({ variant: "secondary" })}
          >
            Import CSV
          </Link>
          <Link to="/dashboard/admin-products/new" className={buttonVariants()}>
            <Plus aria-hidden="true" />
            Add product
          </Link>
        </div>
      </div>
      <Form method="get" role="search" aria-label="Search products" className="mt-6 flex gap-3">
        <label htmlFor="admin-product-search" className="sr-only">
          Product name
        </label>
        <Input
          id="admin-product-search"
          type="search"
          name="q"
          defaultValue={query.q}
          key={query.q}
          placeholder="Product name"
          maxLength={100}
          className="max-w-sm"
        />
        <Button type="submit" variant="secondary">
          <Search aria-hidden="true" />
          Search
        </Button>
      </Form>
      <div className="mt-6" />
      <AdminProductTable products={loaderData.products} caption="Products" />
      {pageCount > 1 ? (
        <PageLinks
          label="Pages of products"
          page={query.page}
          pageCount={pageCount}
          href={(page) => pageHref(query.q, page)}
        />
      ) : null}
    </section>
  );
}
