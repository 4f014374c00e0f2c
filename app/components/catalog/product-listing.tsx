import type { CategoryView, ProductSummary } from "@common/catalog-types";
import {
  defaultChoices,
  isRefined,
  type ListingChoices,
  type ListingSort,
  listingHref,
  MAX_PRICE_POUNDS,
  pageCountOf,
  productCountText,
  sortLabels,
} from "@common/store-listing";
import type { ChangeEvent } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
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
  const refined = isRefined(choices, sorts);
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

      <Form
        method="get"
        action={path}
        aria-label="Sort and filter products"
        className="mb-4 flex flex-wrap items-end gap-3 rounded-[var(--radius-card)] border border-line bg-white p-4 shadow-soft sm:gap-4"
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
