import { type AdminOrderQuery, adminOrderSearch } from "@common/admin/admin-order-query";
import { formatShopDay } from "@common/dates";
import { orderStatuses, orderStatusLabel } from "@common/orders/order-types";
import { Form, Link } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { fieldProblems } from "~/components/ui/field-problem";
import { Download, Search } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";

/**
 * The orders list's search, status and dates: a GET form, so the state lands in the URL (and it
 * works without script). The sort is kept; the page starts again at 1.
 */
export function OrderFilters({
  query,
  dateProblem,
  paperwork = true,
}: {
  query: AdminOrderQuery;
  /** The CSV and the invoices: not for staff who only send orders (docs/decisions/071). */
  paperwork?: boolean;
  /** A date bound the server could not read: what was typed, and what to type instead. */
  dateProblem: { field: "from" | "to"; typed: string; message: string } | null;
}) {
  const filtered = query.q !== "" || query.status !== "" || query.from !== "" || query.to !== "";
  const { errorFor, invalid } = fieldProblems("order", dateProblem);
  // Days are typed and shown day first (en-GB) whatever the browser's language: a native date
  // input follows the browser's, and showed mm/dd/yyyy to an admin whose browser is American.
  const day = (bound: "from" | "to") =>
    dateProblem?.field === bound ? dateProblem.typed : formatShopDay(query[bound]);
  return (
    <Form
      method="get"
      role="search"
      aria-label="Filter orders"
      className="mb-6 grid gap-4 rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-soft sm:grid-cols-2 lg:grid-cols-[minmax(0,1.5fr)_minmax(11rem,1fr)_minmax(9.5rem,1fr)_minmax(9.5rem,1fr)]"
    >
      <Field id="order-search" label="Search" className="sm:col-span-2 lg:col-span-1">
        <Input
          id="order-search"
          name="q"
          type="search"
          defaultValue={query.q}
          placeholder="For example GL-10241, an email or a name"
          maxLength={200}
        />
      </Field>
      <Field id="order-status" label="Status">
        <Select id="order-status" name="status" defaultValue={query.status}>
          <option value="">All statuses</option>
          {orderStatuses.map((status) => (
            <option key={status} value={status}>
              {orderStatusLabel(status)}
            </option>
          ))}
        </Select>
      </Field>
      {(["from", "to"] as const).map((bound) => (
        <Field
          key={bound}
          id={`order-${bound}`}
          label={bound === "from" ? "From" : "To"}
          hint={dateProblem?.field === bound ? undefined : "dd/mm/yyyy"}
        >
          <Input
            id={`order-${bound}`}
            name={bound}
            inputMode="numeric"
            autoComplete="off"
            maxLength={10}
            defaultValue={day(bound)}
            aria-describedby={`order-${bound}-hint`}
            {...invalid(bound)}
          />
          {errorFor(bound)}
        </Field>
      ))}
      {query.sort !== "date" ? <input type="hidden" name="sort" value={query.sort} /> : null}
      {query.dir !== "desc" ? <input type="hidden" name="dir" value={query.dir} /> : null}
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-4">
        <Button type="submit">
          <Search aria-hidden="true" />
          Apply
        </Button>
        {filtered ? (
          <Link to="/dashboard/admin-orders" className={buttonVariants({ variant: "secondary" })}>
            Clear
          </Link>
        ) : null}
        {paperwork ? (
          <a
            href={`/dashboard/admin-orders/export${adminOrderSearch({ ...query, page: 1 })}`}
            className={buttonVariants({ variant: "secondary" })}
            download
          >
            <Download aria-hidden="true" />
            Export CSV
          </a>
        ) : null}
        {/* The accountant's copy of the days chosen: every VAT invoice and credit note issued. */}
        {!paperwork ? null : query.from !== "" && query.to !== "" ? (
          <a
            href={`/dashboard/admin-orders/invoices?${new URLSearchParams({ from: query.from, to: query.to })}`}
            className={buttonVariants({ variant: "secondary" })}
            download
          >
            <Download aria-hidden="true" />
            Invoices for these days
          </a>
        ) : (
          <span className="text-sm text-ink-muted">
            Choose From and To for those days' invoices as one PDF.
          </span>
        )}
        <a
          href="/dashboard/admin-orders/packing-slips"
          className={buttonVariants({ variant: "secondary" })}
          download
        >
          <Download aria-hidden="true" />
          Packing slips to print
        </a>
      </div>
    </Form>
  );
}
