import type { CategoryView, ProductSummary } from "@common/catalog/catalog-types";
import {
  activeChoiceCount,
  defaultChoices,
  type ListingChoices,
  type ListingSort,
  listingHref,
  MAX_PRICE_POUNDS,
  pageCountOf,
  productCountText,
  sortLabels,
} from "@common/catalog/store-listing";
import type { ChangeEvent } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { ChevronDown } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { PageLinks } from "~/components/ui/page-links";
import { Select } from "~/components/ui/select";
import { ShopLink } from "~/components/ui/shop-link";
import { cn } from "~/lib/class-names";
import { ProductGrid } from "./product-grid";

type ListingPageData = {
  products: ProductSummary[];
  total: number;
  /** False when a search stopped counting: more than `total` match (the store counts exactly). */
  totalIsExact?: boolean;
  choices: ListingChoices;
  error: string | null;
};

type ListingProps = ListingPageData & {
  /** The listing's own path: /store, /store/:category or /search. */
  path: string;
  /** The sorts offered, the default first. */
  sorts: readonly ListingSort[];
  /** Parameters every link and the form keep (the search's `q`, a category). */
  keep?: Record<string, string>;
  /** Whether to show the product count above the grid (the search page says it in its header). */
  showCount?: boolean;
  /** The category chips: every category, the current one, and where each chip leads. */
  chips?: {
    categories: readonly CategoryView[];
    current: string | null;
    href: (slug: string | null) => string;
  };
};

const chipClasses =
  "inline-flex h-10 items-center rounded-full border px-4 text-sm font-medium transition-tints";

/**
 * A product listing with its choices: category chips, sort, price range and in stock
 * only in a GET form (so every choice is in the URL and it works without script; with script a
 * change of sort or stock applies at once), the product count, 24 cards, and numbered pages.
 * While the next page loads the old cards stay in place, dimmed: nothing moves.
 */
export function ProductListing({
  products,
  total,
  totalIsExact = true,
  choices,
  error,
  path,
  sorts,
  keep = {},
  chips,
  showCount = true,
}: ListingProps) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === path;
  const pageCount = pageCountOf(total, totalIsExact);
  const active = activeChoiceCount(choices, sorts);
  const refined = active > 0;
  const submitOnChange = (event: ChangeEvent<HTMLSelectElement | HTMLInputElement>) => {
    if (event.currentTarget.form) submit(event.currentTarget.form);
  };

  return (
    <div>
      {chips ? (
        <nav aria-label="Categories" className="-mx-4 mb-6 sm:mx-0">
          {/* One scrolling row on a phone, wrapped and centred above. */}
          <ul className="flex gap-2 overflow-x-auto px-4 pb-1 sm:flex-wrap sm:justify-center sm:overflow-visible sm:px-0 sm:pb-0">
            {[{ slug: null, name: "All products" }, ...chips.categories].map((category) => {
              const current = category.slug === chips.current;
              return (
                <li key={category.slug ?? "all"}>
                  <ShopLink
                    to={chips.href(category.slug)}
                    aria-current={current ? "page" : undefined}
                    className={cn(
                      chipClasses,
                      "whitespace-nowrap",
                      current
                        ? "border-brand bg-brand text-white"
                        : "border-line bg-white text-ink hover:bg-mint/60",
                    )}
                  >
                    {category.name}
                  </ShopLink>
                </li>
              );
            })}
          </ul>
        </nav>
      ) : null}

      {/* On a phone the choices fold behind one button that says how many are in use, so the
          first products are in view; from 640 px they are always open (app.css, open-from-sm).
          A <details>: it opens without script too. */}
      <details className="group open-from-sm mb-4 rounded-[var(--radius-card)] border border-line bg-white shadow-soft">
        <summary className="flex h-12 cursor-pointer list-none items-center justify-between gap-3 rounded-[var(--radius-card)] px-4 text-sm font-semibold text-ink sm:hidden [&::-webkit-details-marker]:hidden">
          <span className="flex items-center gap-2">
            Sort and filter
            {active > 0 ? (
              <span className="inline-flex min-w-6 items-center justify-center rounded-full bg-brand px-2 py-0.5 text-xs text-white">
                {active}
                <span className="sr-only"> in use</span>
              </span>
            ) : null}
          </span>
          <ChevronDown
            className="size-4 transition-transform group-open:rotate-180"
            aria-hidden="true"
          />
        </summary>
        <Form
          method="get"
          action={path}
          aria-label="Sort and filter products"
          className="flex flex-wrap items-end gap-3 border-t border-line p-4 sm:gap-4 sm:border-t-0"
          preventScrollReset
        >
          {Object.entries(keep).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <div className="w-full space-y-2 sm:w-56">
            <Label htmlFor="listing-sort" className="block">
              Sort by
            </Label>
            <Select
              id="listing-sort"
              name="sort"
              defaultValue={choices.sort}
              key={choices.sort}
              onChange={submitOnChange}
            >
              {sorts.map((sort) => (
                <option key={sort} value={sort}>
                  {sortLabels[sort]}
                </option>
              ))}
            </Select>
          </div>
          <fieldset>
            <legend className="text-sm font-medium text-ink">Price (£)</legend>
            <div className="mt-2 flex gap-2">
              {(
                [
                  ["min", "Lowest price in pounds", "Min", choices.minPounds],
                  ["max", "Highest price in pounds", "Max", choices.maxPounds],
                ] as const
              ).map(([name, label, placeholder, value]) => (
                <div key={name} className="w-20 sm:w-24">
                  <Label htmlFor={`listing-${name}`} className="sr-only">
                    {label}
                  </Label>
                  <Input
                    id={`listing-${name}`}
                    name={name}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={MAX_PRICE_POUNDS}
                    step={1}
                    placeholder={placeholder}
                    defaultValue={value ?? ""}
                    key={`${name}-${value}`}
                  />
                </div>
              ))}
            </div>
          </fieldset>
          <label className="flex h-12 items-center gap-2 text-sm font-medium text-ink">
            <input
              type="checkbox"
              name="stock"
              value="in"
              defaultChecked={choices.inStock}
              key={`stock-${choices.inStock}`}
              onChange={submitOnChange}
              className="size-5 accent-brand"
            />
            In stock only
          </label>
          <div className="flex gap-3">
            <Button type="submit">Apply</Button>
            {refined ? (
              <ShopLink
                to={listingHref(path, defaultChoices(sorts), sorts, keep)}
                className={buttonVariants({ variant: "secondary" })}
                preventScrollReset
              >
                Clear filters
              </ShopLink>
            ) : null}
          </div>
        </Form>
      </details>
      {showCount ? (
        <p className="mb-4 min-h-5 text-sm text-ink-muted" aria-live="polite">
          {error ? null : productCountText(total, totalIsExact)}
        </p>
      ) : null}

      <div className={cn("transition-opacity", loading && "opacity-60")} aria-busy={loading}>
        <ProductGrid products={products} error={error} />
      </div>

      {pageCount > 1 && !error ? (
        <div className="mt-10 flex justify-center">
          <PageLinks
            label="Pages of products"
            page={choices.page}
            pageCount={pageCount}
            href={(page) => listingHref(path, { ...choices, page }, sorts, keep)}
          />
        </div>
      ) : null}
    </div>
  );
}
