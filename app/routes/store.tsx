import type { CategoryView, ProductSummary } from "@common/catalog/catalog-types";
import {
  canonicalListingUrl,
  defaultChoices,
  isRefined,
  listingHref,
  listingSorts,
  pageCountOf,
  readListingChoices,
} from "@common/catalog/store-listing";
import { rootDataFrom } from "@common/public-config";
import { absoluteUrl, listingFor, pageMeta } from "@common/seo";
import { findProductSummaries, listingFilter } from "@server/catalog/catalog-service";
import { categoryPage, listCategories } from "@server/catalog/categories";
import { getDb } from "@server/db/connection";
import { publicMessage } from "@server/errors";
import { logger } from "@server/logger";
import { data, redirect } from "react-router";
import { z } from "zod";
import { ProductListing } from "~/components/catalog/product-listing";
import { offerTexts } from "~/lib/offers";
import type { Route } from "./+types/store";

// /store and /store/:category: one listing, sorted, filtered and paged from the URL.

const categorySlug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
  .max(100);
const CATEGORY_NOT_FOUND = "Category not found.";

function storePath(slug: string | null): string {
  return slug ? `/store/${slug}` : "/store";
}

export async function loader({ params, url }: Route.LoaderArgs) {
  const canonical = canonicalListingUrl(url, listingSorts);
  if (canonical) throw redirect(canonical);
  const choices = readListingChoices(url.searchParams, listingSorts);
  const empty = {
    products: [] as ProductSummary[],
    total: 0,
    choices,
    categories: [] as CategoryView[],
  };
  if (params.category !== undefined && !categorySlug.safeParse(params.category).success) {
    return data({ ...empty, category: null, error: CATEGORY_NOT_FOUND }, { status: 404 });
  }
  try {
    const db = await getDb();
    // The page and the chips at once; the category itself is one of the chips.
    const [categories, category, { products, total }] = await Promise.all([
      listCategories(db),
      params.category === undefined ? null : categoryPage(db, params.category),
      findProductSummaries(db, { ...listingFilter(choices), categorySlug: params.category }),
    ]);
    if (params.category !== undefined && !category) {
      return data({ ...empty, category: null, error: CATEGORY_NOT_FOUND }, { status: 404 });
    }
    const result = { products, total, choices, categories, category, error: null };
    // A page past the end is not a page: 404, with a link back to the first.
    return choices.page > pageCountOf(total) ? data(result, { status: 404 }) : result;
  } catch (error) {
    logger.error({ err: error }, "store products failed to load");
    return data(
      { ...empty, category: null, error: publicMessage(error, "Failed to load products") },
      { status: 503 },
    );
  }
}

export function meta({ data: loaderData, matches, params }: Route.MetaArgs) {
  const root = rootDataFrom(matches);
  if (!root || !loaderData) return [];
  const site = root.config;
  const { category, choices, total } = loaderData;
  if (params.category !== undefined && !category) {
    return pageMeta({
      site,
      title: "Category not found",
      description: CATEGORY_NOT_FOUND,
      path: "/store",
      noindex: true,
    });
  }
  const path = storePath(category?.slug ?? null);
  const pageSuffix = choices.page > 1 ? ` (page ${choices.page})` : "";
  const listing = category
    ? // Past the first page, the page number keeps each page's title its own.
      listingFor(choices.page > 1 ? { ...category, seoTitle: null } : category, {
        title: `${category.name}${pageSuffix}`,
        description: category.description,
      })
    : {
        title: `Shop Teeth Whitening Products${pageSuffix}`,
        description: `Shop our whole collection: enamel-safe whitening strips, whitening toothpaste, the whitening pen and money-saving bundles. Free UK shipping over ${offerTexts(site.pricing).freeShippingOver}.`,
      };
  const tags = pageMeta({
    site,
    ...listing,
    // Each page of the default listing is its own canonical page; sorted or filtered variations
    // are endless, so they stay out of search engines (noindex, as search results do).
    path: listingHref(path, { ...defaultChoices(listingSorts), page: choices.page }, listingSorts),
    noindex: isRefined(choices, listingSorts),
  });
  const pageCount = pageCountOf(total);
  for (const [rel, page] of [
    ["prev", choices.page - 1],
    ["next", choices.page + 1],
  ] as const) {
    if (page >= 1 && page <= pageCount) {
      tags.push({
        tagName: "link",
        rel,
        href: absoluteUrl(site.baseUrl, listingHref(path, { ...choices, page }, listingSorts)),
      });
    }
  }
  if (category) {
    tags.push({
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        itemListElement: [
          { "@type": "ListItem", position: 1, name: "Home", item: absoluteUrl(site.baseUrl, "/") },
          {
            "@type": "ListItem",
            position: 2,
            name: "Shop",
            item: absoluteUrl(site.baseUrl, "/store"),
          },
          {
            "@type": "ListItem",
            position: 3,
            name: category.name,
            item: absoluteUrl(site.baseUrl, path),
          },
        ],
      },
    });
  }
  return tags;
}

export default function Store({ loaderData }: Route.ComponentProps) {
  const { category, categories } = loaderData;
  return (
    <div className="shop-container py-12 lg:py-16">
      <header className="mb-8 text-center">
        {category ? (
          <nav aria-label="Breadcrumb" className="mb-3 text-sm text-ink-muted">
            <ol className="flex justify-center gap-2">
              <li>
                <a href="/" className="hover:underline">
                  Home
                </a>
              </li>
              <li aria-hidden="true">/</li>
              <li>
                <a href="/store" className="hover:underline">
                  Shop
                </a>
              </li>
              <li aria-hidden="true">/</li>
              <li aria-current="page" className="font-medium text-ink">
                {category.name}
              </li>
            </ol>
          </nav>
        ) : null}
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
          {category ? category.name : "Our Collection"}
        </h1>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-ink-muted">
          {category
            ? category.description
            : "Enamel-safe whitening for every routine, recommended by dentists."}
        </p>
      </header>
      <ProductListing
        {...loaderData}
        path={storePath(category?.slug ?? null)}
        sorts={listingSorts}
        chips={{ categories, current: category?.slug ?? null, href: storePath }}
      />
    </div>
  );
}
