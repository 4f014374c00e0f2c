import { cn } from "~/lib/class-names";
import { ShopLink } from "./shop-link";

/** Which page numbers to show: the first, the last, and two either side of the current one. */
export function pageWindow(page: number, pageCount: number): (number | "gap")[] {
  const shown = new Set([1, pageCount, page - 2, page - 1, page, page + 1, page + 2]);
  const numbers = [...shown].filter((n) => n >= 1 && n <= pageCount).sort((a, b) => a - b);
  const result: (number | "gap")[] = [];
  for (const [index, number] of numbers.entries()) {
    const previous = numbers[index - 1];
    if (previous !== undefined && number - previous > 1) result.push("gap");
    result.push(number);
  }
  return result;
}

const pageLinkClasses =
  "inline-flex h-10 min-w-10 items-center justify-center rounded-full border px-3 text-sm font-medium";

/**
 * Numbered pages of a long list (a window around the current page, never hundreds of links), with
 * Previous and Next links marked rel=prev and rel=next.
 */
export function PageLinks({
  label,
  page,
  pageCount,
  href,
}: {
  label: string;
  page: number;
  pageCount: number;
  href: (page: number) => string;
}) {
  return (
    <nav aria-label={label} className="mt-6">
      <ul className="flex flex-wrap items-center gap-2">
        {page > 1 ? (
          <li>
            <ShopLink
              to={href(page - 1)}
              rel="prev"
              className={cn(pageLinkClasses, "border-line bg-white text-ink hover:bg-mint/60")}
            >
              Previous
            </ShopLink>
          </li>
        ) : null}
        {pageWindow(page, pageCount).map((number, index) =>
          number === "gap" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity but their place.
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-ink-muted">
              …
            </li>
          ) : (
            <li key={number}>
              <ShopLink
                to={href(number)}
                aria-current={number === page ? "page" : undefined}
                aria-label={`Page ${number}`}
                className={cn(
                  pageLinkClasses,
                  number === page
                    ? "border-brand bg-brand text-white"
                    : "border-line bg-white text-ink hover:bg-mint/60",
                )}
              >
                {number}
              </ShopLink>
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <ShopLink
              to={href(page + 1)}
              rel="next"
              className={cn(pageLinkClasses, "border-line bg-white text-ink hover:bg-mint/60")}
            >
              Next
            </ShopLink>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
