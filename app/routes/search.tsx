import { searchProducts } from "@server/catalog/catalog-service";
import { getDb } from "@server/db/connection";
import { publicMessage } from "@server/errors";
import { logger } from "@server/logger";
import { SearchX } from "lucide-react";
import { data, Form, Link } from "react-router";
import { ProductGrid } from "~/components/catalog/product-grid";
import { buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { normalizeSearchText } from "~/lib/search-text";
import { routeMeta } from "~/lib/seo";
import type { Route } from "./+types/search";

export async function loader({ request }: Route.LoaderArgs) {
  const query = normalizeSearchText(new URL(request.url).searchParams.get("q") ?? "");
  if (!query) return { query, products: [], error: null };
  try {
    return { query, products: await searchProducts(await getDb(), query), error: null };
  } catch (error) {
    logger.error({ err: error }, "search failed");
    return data(
      { query, products: [], error: publicMessage(error, "Failed to load products") },
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

function resultCount(count: number, query: string): string {
  return `${count} ${count === 1 ? "product" : "products"} found for “${query}”`;
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, products, error } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8 lg:py-16">
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
          <p className="text-lg text-ink-muted" aria-live="polite">
            {resultCount(products.length, query)}
          </p>
        ) : null}
      </header>
      {!query ? (
        <p className="text-center text-ink-muted">
          Type what you are looking for, or{" "}
          <Link to="/store" className="font-semibold text-brand-strong hover:underline">
            browse all products
          </Link>
          .
        </p>
      ) : products.length === 0 && !error ? (
        <div className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-[var(--radius-card)] border border-line bg-white p-10 text-center">
          <SearchX className="size-10 text-ink-muted" aria-hidden="true" />
          <h2 className="text-xl font-semibold">No Products Found</h2>
          <p className="text-ink-muted">Try another word, or see everything we sell.</p>
          <Link to="/store" className={buttonVariants()}>
            Browse All Products
          </Link>
        </div>
      ) : (
        <ProductGrid products={products} error={error} />
      )}
    </div>
  );
}
