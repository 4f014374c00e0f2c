// A product listing's choices (sort, price range, in stock only, page) as the store, category and
// search pages carry them in the URL: read leniently from any URL, written back in one
// canonical form (defaults left out, fixed order), so a listing is shareable and cacheable.

import { groupThousands } from "../numbers";

/** Products a listing page shows. */
export const LISTING_PAGE_SIZE = 24;
/** The highest page number a URL may ask for (24 × 5,000 products is past any catalogue here). */
const MAX_LISTING_PAGE = 5000;
/** The price filter's bounds, in whole pounds. */
export const MAX_PRICE_POUNDS = 10_000;

export const listingSorts = ["featured", "newest", "price-asc", "price-desc"] as const;
export const searchSorts = ["relevance", ...listingSorts] as const;
export type ListingSort = (typeof searchSorts)[number];

export const sortLabels: Record<ListingSort, string> = {
  relevance: "Best match",
  featured: "Featured",
  newest: "Newest",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
};

export type ListingChoices = {
  sort: ListingSort;
  /** Whole pounds, inclusive; null when not set. */
  minPounds: number | null;
  maxPounds: number | null;
  inStock: boolean;
  /** From 1. */
  page: number;
};

function wholeNumber(value: string | null, min: number, max: number): number | null {
  if (value === null || !/^\d{1,7}$/.test(value.trim())) return null;
  const number = Number(value.trim());
  return number >= min && number <= max ? number : null;
}

/**
 * The choices in a listing URL. Pages never refuse a URL: an unknown sort, a price that is not a
 * whole number of pounds or a page out of range is read as not given. A minimum above the maximum
 * is swapped.
 */
export function readListingChoices(
  params: URLSearchParams,
  allowed: readonly ListingSort[],
): ListingChoices {
  const defaultSort = defaultChoices(allowed).sort;
  const sortParam = params.get("sort");
  const sort = allowed.find((option) => option === sortParam) ?? defaultSort;
  let minPounds = wholeNumber(params.get("min"), 0, MAX_PRICE_POUNDS);
  let maxPounds = wholeNumber(params.get("max"), 0, MAX_PRICE_POUNDS);
  if (minPounds !== null && maxPounds !== null && minPounds > maxPounds) {
    [minPounds, maxPounds] = [maxPounds, minPounds];
  }
  return {
    sort,
    minPounds,
    maxPounds,
    inStock: params.get("stock") === "in",
    page: wholeNumber(params.get("page"), 1, MAX_LISTING_PAGE) ?? 1,
  };
}

/** A listing as it first opens: its default sort, no filter, page 1. */
export function defaultChoices(allowed: readonly ListingSort[]): ListingChoices {
  return {
    sort: allowed[0] ?? "featured",
    minPounds: null,
    maxPounds: null,
    inStock: false,
    page: 1,
  };
}

/** True when the listing is filtered or sorted away from its default (such pages are not indexed). */
export function isRefined(choices: ListingChoices, allowed: readonly ListingSort[]): boolean {
  return activeChoiceCount(choices, allowed) > 0;
}

/** How many choices differ from the listing's defaults: the sort, the price range, in stock. */
export function activeChoiceCount(
  choices: ListingChoices,
  allowed: readonly ListingSort[],
): number {
  return [
    choices.sort !== allowed[0],
    choices.minPounds !== null || choices.maxPounds !== null,
    choices.inStock,
  ].filter(Boolean).length;
}

/**
 * The canonical URL of `path` with these choices: defaults left out, parameters in a fixed order.
 * `extra` (such as the search's `q`) comes first.
 */
export function listingHref(
  path: string,
  choices: ListingChoices,
  allowed: readonly ListingSort[],
  extra: Record<string, string> = {},
): string {
  const params = new URLSearchParams(extra);
  if (choices.sort !== allowed[0]) params.set("sort", choices.sort);
  if (choices.minPounds !== null) params.set("min", String(choices.minPounds));
  if (choices.maxPounds !== null) params.set("max", String(choices.maxPounds));
  if (choices.inStock) params.set("stock", "in");
  if (choices.page > 1) params.set("page", String(choices.page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

const LISTING_PARAMS = new Set(["sort", "min", "max", "stock", "page"]);

/**
 * Where a listing URL should be, when it is not already in its canonical form (an empty field of
 * the form, a default written out, an unknown sort, another order): the same listing's canonical
 * URL, with any other parameters (`q`, campaign tags) kept as they came. Null when it is canonical.
 * One URL per listing keeps the page cache and search engines to one copy.
 */
export function canonicalListingUrl(url: URL, allowed: readonly ListingSort[]): string | null {
  const others: Record<string, string> = {};
  for (const [name, value] of url.searchParams) {
    if (!LISTING_PARAMS.has(name) && !(name in others)) others[name] = value;
  }
  const canonical = listingHref(
    url.pathname,
    readListingChoices(url.searchParams, allowed),
    allowed,
    others,
  );
  // Compared as URLSearchParams writes it, so "%20" and "+" (one space either way) agree.
  const query = url.searchParams.toString();
  return canonical === (query ? `${url.pathname}?${query}` : url.pathname) ? null : canonical;
}

/**
 * How many pages `total` products fill (at least one, so an empty listing still has page 1). A
 * count that is not exact (a search stops counting: more than `total` match) fills the pages of
 * one more, so the last page it numbers links on to the next.
 */
export function pageCountOf(total: number, totalIsExact = true): number {
  return Math.max(1, Math.ceil((totalIsExact ? total : total + 1) / LISTING_PAGE_SIZE));
}

/**
 * "24 products", "1 product"; "Over 1,000 products" when the count stopped at or past 1,000 (a
 * search stops at the end of a deep page, 1,008 on page 42: said in whole thousands, as on page 1).
 */
export function productCountText(total: number, totalIsExact = true): string {
  const said = totalIsExact || total < 1000 ? total : Math.floor(total / 1000) * 1000;
  const count = `${groupThousands(said)} ${said === 1 ? "product" : "products"}`;
  return totalIsExact ? count : `Over ${count}`;
}
