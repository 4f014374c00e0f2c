import { adminCustomerSearch } from "@common/customers/admin-customer-query";
import { groupThousands } from "@common/numbers";
import { routeMeta } from "@common/seo";
import {
  ADMIN_CUSTOMERS_PAGE_SIZE,
  listCustomers,
  parseAdminCustomerQuery,
} from "@server/customers/customer-list";
import { getDb } from "@server/db/connection";
import { Form, Link } from "react-router";
import { CustomerTable } from "~/components/admin/customer-table";
import { Button, buttonVariants } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Search } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import type { Route } from "./+types/dashboard.admin-customers";

// /dashboard/admin-customers: every customer account, searched and sorted by the URL's query
// (behind the admin's guard, dashboard.admin).

export async function loader({ url }: Route.LoaderArgs) {
  const query = parseAdminCustomerQuery(url.searchParams);
  const { customers, total } = await listCustomers(await getDb(), query);
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_CUSTOMERS_PAGE_SIZE));
  return { customers, total, query, pageCount };
}

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, () => ({
    title: "Customers",
    description: "The shop's customers in the admin.",
    path: "/dashboard/admin-customers",
    noindex: true,
  }));
}

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const { query, total } = loaderData;
  return (
    <section>
      <h1 className="text-3xl font-bold tracking-tight">Customers</h1>
      <p className="mt-2 mb-6 text-ink-muted" aria-live="polite">
        {total === 1 ? "1 customer" : `${groupThousands(total)} customers`}
        {query.q ? " match" : ""}.
      </p>
      <Form
        method="get"
        role="search"
        aria-label="Find customers"
        className="mb-6 flex flex-wrap items-end gap-3 rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-soft"
      >
        <Field id="customer-search" label="Search" className="min-w-0 flex-1 basis-64">
          <Input
            id="customer-search"
            name="q"
            type="search"
            defaultValue={query.q}
            placeholder="A name or an email"
            maxLength={200}
          />
        </Field>
        {query.sort !== "joined" ? <input type="hidden" name="sort" value={query.sort} /> : null}
        {query.dir !== "desc" ? <input type="hidden" name="dir" value={query.dir} /> : null}
        <Button type="submit">
          <Search aria-hidden="true" />
          Search
        </Button>
        {query.q ? (
          <Link
            to={`/dashboard/admin-customers${adminCustomerSearch({ ...query, q: "", page: 1 })}`}
            className={buttonVariants({ variant: "secondary" })}
          >
            Clear
          </Link>
        ) : null}
      </Form>
      <CustomerTable
        customers={loaderData.customers}
        query={query}
        pageCount={loaderData.pageCount}
      />
    </section>
  );
}
