import {
  type AdminCustomerQuery,
  type AdminCustomerRow,
  type AdminCustomerSortKey,
  adminCustomerSearch,
} from "@common/customers/admin-customer-query";
import { formatLongDate } from "@common/dates";
import { formatPence } from "@common/money";
import { PageLinks } from "~/components/ui/page-links";
import { ShopLink } from "~/components/ui/shop-link";
import { type SortableColumn, SortableHead } from "./sort-header";

const columns: SortableColumn<AdminCustomerSortKey>[] = [
  { key: "name", label: "Customer" },
  { key: "orders", label: "Orders", numeric: true },
  { key: "spent", label: "Spent", numeric: true },
  { key: "last-order", label: "Last order" },
  { key: null, label: "Marketing" },
  { key: "joined", label: "Joined" },
];

/**
 * Customers as the admin reads them (docs/admin.md, Customers): each row opens the customer. The
 * headers sort and the pages follow the URL.
 */
export function CustomerTable({
  customers,
  query,
  pageCount,
}: {
  customers: AdminCustomerRow[];
  query: AdminCustomerQuery;
  pageCount: number;
}) {
  if (customers.length === 0) {
    return (
      <p className="rounded-[var(--radius-card)] border border-line bg-white p-8 text-center text-ink-muted">
        No customers found.
      </p>
    );
  }
  return (
    <>
      {/* On a phone each customer is a stacked row; from a tablet up, a table that may scroll
          sideways, focusable so a keyboard can scroll it too. */}
      <section
        aria-label="Customers"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard (WCAG 2.1.1).
        tabIndex={0}
        className="overflow-x-auto rounded-[var(--radius-card)] border border-line bg-white shadow-soft focus-visible:outline-2"
      >
        <table className="w-full text-left text-sm max-md:block md:min-w-[48rem]">
          <caption className="sr-only">Customers</caption>
          <SortableHead
            columns={columns}
            sorting={{
              sort: query.sort,
              dir: query.dir,
              href: (sort, dir) => adminCustomerSearch({ ...query, sort, dir, page: 1 }) || "?",
            }}
          />
          <tbody className="divide-y divide-line max-md:block">
            {customers.map((customer) => (
              <tr
                key={customer.id}
                data-testid="admin-customer-row"
                className="hover:bg-paper/60 max-md:grid max-md:grid-cols-[1fr_auto] max-md:gap-x-4 max-md:gap-y-1 max-md:px-4 max-md:py-3"
              >
                <td className="min-w-0 px-4 py-3 max-md:p-0">
                  <ShopLink
                    to={`/dashboard/admin-customers/${encodeURIComponent(customer.id)}`}
                    className="block font-medium text-brand-strong underline-offset-2 hover:underline"
                  >
                    {customer.name}
                  </ShopLink>
                  <span className="block truncate text-ink-muted">{customer.email}</span>
                </td>
                <td className="px-4 py-3 text-right max-md:p-0">
                  {customer.orders === 1 ? "1 order" : `${customer.orders} orders`}
                </td>
                <td className="px-4 py-3 text-right font-semibold max-md:p-0 max-md:text-left">
                  {formatPence(customer.spentPence)}
                </td>
                <td className="px-4 py-3 whitespace-nowrap max-md:p-0 max-md:text-right max-md:text-xs max-md:text-ink-muted">
                  <span className="md:hidden">Last order: </span>
                  {customer.lastOrderAt ? formatLongDate(customer.lastOrderAt) : "Never"}
                </td>
                <td className="px-4 py-3 max-md:p-0 max-md:text-xs">
                  <span className="md:hidden">Marketing: </span>
                  {customer.marketing ? (
                    <span className="rounded-full bg-brand/10 px-2 py-0.5 font-medium text-brand-strong">
                      Subscribed
                    </span>
                  ) : (
                    <span className="text-ink-muted">No</span>
                  )}
                </td>
                <td className="px-4 py-3 whitespace-nowrap max-md:p-0 max-md:text-right max-md:text-xs max-md:text-ink-muted">
                  <span className="md:hidden">Joined </span>
                  {formatLongDate(customer.joinedAt)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {pageCount > 1 ? (
        <PageLinks
          label="Pages of customers"
          page={query.page}
          pageCount={pageCount}
          href={(page) => adminCustomerSearch({ ...query, page }) || "?"}
        />
      ) : null}
    </>
  );
}
