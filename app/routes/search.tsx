import type { CategoryView, ProductSummary } from "@common/catalog/catalog-types";
import { normalizeSearchText } from "@common/catalog/search-text";
import {
  canonicalListingUrl,
  productCountText,
  readListingChoices,
  searchSorts,
} from "@common/catalog/store-listing";
import { routeMeta } from "@common/seo";
import { findProductSummaries, listingFilter } from "@server/catalog/catalog-service";
import { listCategories } from "@server/catalog/categories";
import { getDb } from "@server/db/connection";
import { publicMessage } from "@server/errors";
import { logger } from "@server/logger";
import { data, Form, redirect } from "react-router";
import { ProductListing } from "~/components/catalog/product-listing";
import { buttonVariants } from "~/components/ui/button";
import { SearchX } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { ShopLink } from "~/components/ui/shop-link";
import type { Route } from "./+types/search";

export async function loader({ url }: Route.LoaderArgs) {
  const canonical = canonicalListingUrl(url, searchSorts);
  if (canonical) throw redirect(canonical);
  const params = url.searchParams;
  const query = normalizeSearchText(params.get("q") ?? "");
  const choices = readListingChoices(params, searchSorts);
  const requested = params.get("category") ?? "";
  const empty = {
    query,
    correctedTo: null,
    products: [] as ProductSummary[],
    total: 0,
    totalIsExact: true,
    choices,
    categories: [] as CategoryView[],
    category: null,
  };
  if (!query) return { ...empty, error: null };
  try {
    const db = await getDb();
    const categories = await listCategories(db);
    const category = categories.find((item) => item.slug === requested)?.slug ?? null;
    const { products, total, totalIsExact, correctedTo } = await findProductSummaries(db, {
      ...listingFilter(choices),
      search: query,
      categorySlug: category ?? undefined,
    });
    return {
      query,
      correctedTo: correctedTo ?? null,
      products,
      total,
      totalIsExact,
      choices,
      categories,
      category,
      error: null,
    };
  } catch (error) {
    logger.error({ err: error }, "search failed");
    return data(
      { ...empty, error: publicMessage(error, "Failed to load products") },
      { status: 503 },
    );
  }
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const query = loaderData?.query ?? "";
  return routeMeta(matches, () => ({
    title: query ? `Search results for “${query}”` : "Search",
    description: "Search our enamel-safe teeth whitening strips, toothpaste, pens and bundles.",
    path: "/search",
    // Result pages are endless variations of the store: keep them out of search engines.
    noindex: true,
  }));
}

function resultCount(count: number, exact: boolean, query: string): string {
  return `${productCountText(count, exact)} found for “${query}”`;
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, correctedTo, total, totalIsExact, error, categories, category } = loaderData;
  const keep: Record<string, string> = category ? { q: query, category } : { q: query };
  return (
    <div className="shop-container py-12 lg:py-16">
      <header className="mb-10 flex flex-col items-center gap-6 text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Search Results</h1>
        <Form method="get" action="/search" role="search" className="flex w-full max-w-xl gap-3">
          <label htmlFor="search-page-q" className="sr-only">
            Search products
          </label>
          <Input
            id="search-page-q"
            type="search"
            name="q"
            defaultValue={query}
            key={query}
            placeholder="Search products..."
            maxLength={200}
            autoComplete="off"
          />
          <button type="submit" className={buttonVariants({ size: "lg" })}>
            Search
          </button>
        </Form>
        {query && !error ? (
          <div aria-live="polite" className="space-y-1">
            <p className="text-lg text-ink-muted">
              {resultCount(total, totalIsExact, correctedTo ?? query)}
            </p>
            {correctedTo ? (
              <p className="text-sm text-ink-muted">No exact match for “{query}”.</p>
            ) : null}
          </div>
        ) : null}
      </header>
      {!query ? (
        <p className="text-center text-ink-muted">
          Type what you are looking for, or{" "}
          <ShopLink to="/store" className="font-semibold text-brand-strong hover:underline">
            browse all products
          </ShopLink>
          .
        </p>
      ) : total === 0 && !category && !error ? (
        <div className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-[var(--radius-card)] border border-line bg-white p-10 text-center">
          <SearchX className="size-10 text-ink-muted" aria-hidden="true" />
          <h2 className="text-xl font-semibold">No Products Found</h2>
          <p className="text-ink-muted">Try another word, or see everything we sell.</p>
          <ShopLink to="/store" className={buttonVariants()}>
            Browse All Products
          </ShopLink>
        </div>
      ) : (
        <ProductListing
          {...loaderData}
          path="/search"
          sorts={searchSorts}
          keep={keep}
          showCount={false}
          chips={{
            categories,
            current: category,
            href: (slug) =>
              `/search?${new URLSearchParams(slug ? { q: query, category: slug } : { q: query })}`,
          }}
        />
      )}
    </div>
  );
}
