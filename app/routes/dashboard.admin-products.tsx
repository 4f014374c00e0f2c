import { normalizeSearchText } from "@common/catalog/search-text";
import { productCountText } from "@common/catalog/store-listing";
import { pageNumber } from "@common/page-number";
import { listAdminProducts } from "@server/admin/shop-figures";
import { adminActor } from "@server/audit/audit-log";
import { requireUser } from "@server/auth/guards";
import { bulkFormSchema } from "@server/catalog/bulk-form";
import { applyBulkAction } from "@server/catalog/bulk-products";
import { listAdminCategories } from "@server/catalog/category-editor";
import { getDb } from "@server/db/connection";
import { answerForm, formIntent } from "@server/http/form-action";
import { logger } from "@server/logger";
import { useCallback, useEffect, useState } from "react";
import { Form, Link } from "react-router";
import { z } from "zod";
import { AdminProductTable } from "~/components/admin/admin-product-table";
import { ProductBulkActions } from "~/components/admin/product-bulk-actions";
import { Button, buttonVariants } from "~/components/ui/button";
import { Download, Plus, Search } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { PageLinks } from "~/components/ui/page-links";
import { showToast } from "~/lib/toast";
import type { Route } from "./+types/dashboard.admin-products";

// /dashboard/admin-products: the catalogue with its prices and stock, 50 a page, searchable by
// name, each product opening its editor; products chosen (or all matching the search) changed
// together by a bulk action (behind the admin's guard).

const PAGE_SIZE = 50;

const querySchema = z.object({
  q: z.string().default("").transform(normalizeSearchText).catch(""),
  page: pageNumber,
});

export async function loader({ url }: Route.LoaderArgs) {
  const query = querySchema.parse(Object.fromEntries(url.searchParams));
  try {
    const db = await getDb();
    const [{ products, total }, categories] = await Promise.all([
      listAdminProducts(db, {
        limit: PAGE_SIZE,
        offset: (query.page - 1) * PAGE_SIZE,
        search: query.q,
      }),
      listAdminCategories(db),
    ]);
    return { products, total, categories, query, error: null };
  } catch (error) {
    logger.error({ err: error }, "the admin's products could not be read");
    return {
      products: [],
      total: 0,
      categories: [],
      query,
      error: "The products could not be read. Please try again.",
    };
  }
}

export async function action({ request, url }: Route.ActionArgs) {
  const admin = adminActor((await requireUser(request, url)).id);
  const db = await getDb();
  return answerForm(request, {
    bulk: formIntent(bulkFormSchema, (input) => applyBulkAction(db, admin, input)),
  });
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
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  // Another page or search: nothing is chosen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list's page and search reset it.
  useEffect(() => {
    setChosen(new Set());
    setAllMatching(false);
  }, [query.q, query.page]);
  const clear = useCallback(() => {
    setChosen(new Set());
    setAllMatching(false);
  }, []);
  const pageIds = loaderData.products.map((product) => product.id);
  const wholePageChosen = pageIds.length > 0 && pageIds.every((id) => chosen.has(id));
  const selection = {
    selected: allMatching ? new Set(pageIds) : chosen,
    toggle: (id: string, on: boolean) => {
      setAllMatching(false);
      setChosen((now) => {
        const next = new Set(allMatching ? pageIds : now);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      });
    },
    toggleAll: (ids: readonly string[], on: boolean) => {
      setAllMatching(false);
      setChosen(on ? new Set(ids) : new Set());
    },
  };
  const count = allMatching ? total : chosen.size;
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
      {count > 0 ? (
        <>
          <ProductBulkActions
            chosen={[...chosen]}
            allMatching={allMatching}
            count={count}
            search={query.q}
            categories={loaderData.categories}
            onDone={clear}
          />
          {wholePageChosen && !allMatching && total > pageIds.length ? (
            <p className="mt-2 text-sm">
              All {pageIds.length} on this page are chosen.{" "}
              <Button variant="link" className="h-auto p-0" onClick={() => setAllMatching(true)}>
                Choose all {total.toLocaleString("en-GB")} products
                {query.q ? ` named like “${query.q}”` : ""}
              </Button>
            </p>
          ) : null}
        </>
      ) : null}
      <div className="mt-6" />
      <AdminProductTable products={loaderData.products} caption="Products" selection={selection} />
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
