import type { AdminProductRow } from "@common/admin/admin-figures";
import { formatLongDate } from "@common/dates";
import { formatPence } from "@common/money";
import { ShopLink } from "~/components/ui/shop-link";

/** Rows chosen for a bulk action (the products list), with a box on each row and one for the page. */
export type RowSelection = {
  selected: ReadonlySet<string>;
  toggle: (id: string, on: boolean) => void;
  toggleAll: (ids: readonly string[], on: boolean) => void;
};

/** The catalogue as the admin reads it (docs/product.md#screens: products with their stock). */
export function AdminProductTable({
  products,
  caption,
  selection,
}: {
  products: AdminProductRow[];
  caption: string;
  selection?: RowSelection;
}) {
  const ids = products.map((product) => product.id);
  const allChosen = selection !== undefined && ids.every((id) => selection.selected.has(id));
  if (products.length === 0) {
    return (
      <p className="rounded-[var(--radius-card)] border border-line bg-white p-8 text-center text-ink-muted">
        No products found.
      </p>
    );
  }
  return (
    <section
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard (WCAG 2.1.1).
      tabIndex={0}
      className="overflow-x-auto rounded-[var(--radius-card)] border border-line bg-white shadow-soft focus-visible:outline-2"
    >
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-line bg-paper text-ink-muted">
          <tr>
            {selection ? (
              <th scope="col" className="w-10 py-3 pl-4">
                <input
                  type="checkbox"
                  className="size-4 accent-brand"
                  aria-label="Choose every product on this page"
                  checked={allChosen}
                  onChange={(event) => selection.toggleAll(ids, event.target.checked)}
                />
              </th>
            ) : null}
            <th scope="col" className="px-4 py-3 font-medium">
              Product
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              Price
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              Variants
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              Stock
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Added
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {products.map((product) => (
            <tr key={product.id}>
              {selection ? (
                <td className="w-10 py-3 pl-4">
                  <input
                    type="checkbox"
                    className="size-4 accent-brand"
                    aria-label={`Choose ${product.name}`}
                    checked={selection.selected.has(product.id)}
                    onChange={(event) => selection.toggle(product.id, event.target.checked)}
                  />
                </td>
              ) : null}
              <td className="px-4 py-3 font-medium">
                <ShopLink
                  to={`/dashboard/admin-products/${encodeURIComponent(product.id)}`}
                  className="text-brand-strong underline-offset-2 hover:underline"
                >
                  {product.name}
                </ShopLink>
                {product.active ? null : (
                  <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs text-slate-800">
                    {product.draft ? "Draft" : "Archived"}
                  </span>
                )}
              </td>
              <td className="px-4 py-3 text-right">
                {product.pricePence === null ? "None" : formatPence(product.pricePence)}
              </td>
              <td className="px-4 py-3 text-right">{product.variants}</td>
              <td className="px-4 py-3 text-right">{product.stockQuantity}</td>
              <td className="px-4 py-3 whitespace-nowrap">
                {formatLongDate(new Date(product.createdAt))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
