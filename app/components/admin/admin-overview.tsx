import type { AdminProductRow, OverviewFigures, ParkedJob } from "@common/admin/admin-figures";
import { itemName } from "@common/cart/cart-rules";
import { formatPence } from "@common/money";
import { groupThousands } from "@common/numbers";
import type { AdminOrderRow, RefundDueOrder, RefundToCheck } from "@common/orders/order-types";
import { useEffect } from "react";
import { ShopLink } from "~/components/ui/shop-link";
import { showToast } from "~/lib/toast";
import { AdminOrderTable } from "./admin-order-table";
import { AdminProductTable } from "./admin-product-table";
import { type OpenReturnRow, OpenReturnsList } from "./open-returns-list";
import { ParkedJobList } from "./parked-job-list";
import { RefundDueList } from "./refund-due-list";
import { RefundsToCheckList } from "./refunds-to-check-list";
import { StatCards } from "./stat-cards";

export type AdminOverviewData = {
  figures: OverviewFigures;
  refundDue: RefundDueOrder[];
  recentOrders: AdminOrderRow[];
  products: AdminProductRow[];
  /** Read apart from the kept figures: the job queue changes without telling them. */
  parkedJobs: ParkedJob[];
  /** Read apart too: a refund becomes overdue with time alone. */
  refundsToCheck: RefundToCheck[];
  /** Read apart too: returns come and go with customers and parcels. */
  returnsToHandle: OpenReturnRow[];
  /** The abandoned checkout reminder: on or off, and how many went in the last 30 days. */
  reminders: { enabled: boolean; sentLast30Days: number };
};

/** The admin's overview (docs/product.md#screens): revenue and orders, what needs doing, recent tables. */
export function AdminOverview({
  fullName,
  data,
  error,
}: {
  fullName: string;
  data: AdminOverviewData | null;
  error: string | null;
}) {
  useEffect(() => {
    if (error) void showToast("Error fetching data", { description: error, tone: "error" });
  }, [error]);
  return (
    <section>
      <h1 className="text-3xl font-bold tracking-tight">Admin Overview</h1>
      <p className="mt-2 text-ink-muted">Welcome back, {fullName}.</p>
      {data ? (
        <>
          <div className="mt-8">
            <StatCards
              stats={[
                {
                  label: "Revenue",
                  value: formatPence(data.figures.revenuePence),
                  testId: "revenue",
                },
                {
                  label: "Orders",
                  value: groupThousands(data.figures.orderCount),
                  testId: "order-count",
                },
                {
                  label: "Average order",
                  value: formatPence(data.figures.averageOrderPence),
                  testId: "average-order",
                },
                {
                  label: "To fulfil",
                  value: String(data.figures.toFulfil),
                  href: "/dashboard/admin-orders?status=paid",
                  testId: "to-fulfil",
                },
              ]}
            />
          </div>
          <RefundDueList orders={data.refundDue} />
          <RefundsToCheckList refunds={data.refundsToCheck} />
          <OpenReturnsList returns={data.returnsToHandle} />
          <p className="mt-8 text-sm text-ink-muted" data-testid="reminders-sent">
            Abandoned checkout reminders: {data.reminders.enabled ? "on" : "off"},{" "}
            {data.reminders.sentLast30Days} sent in the last 30 days (
            <ShopLink to="/dashboard/admin-checkouts" className="text-brand-strong hover:underline">
              abandoned checkouts
            </ShopLink>
            ).
          </p>
          <ParkedJobList jobs={data.parkedJobs} />
          <section aria-labelledby="low-stock-heading" className="mt-8">
            <h2 id="low-stock-heading" className="text-xl font-semibold">
              Low stock
            </h2>
            {data.figures.lowStock.length === 0 ? (
              <p className="mt-3 rounded-[var(--radius-card)] border border-line bg-white p-5 text-ink-muted">
                Every variant has more than 10 in stock.
              </p>
            ) : (
              <ul className="mt-3 divide-y divide-line rounded-[var(--radius-card)] border border-line bg-white shadow-soft">
                {data.figures.lowStock.map((variant) => (
                  <li
                    key={variant.variantId}
                    className="flex justify-between gap-4 px-5 py-3 text-sm"
                  >
                    <span>{itemName(variant.productName, variant.variantName)}</span>
                    <span className="font-semibold">
                      {variant.stockQuantity === 0
                        ? "Out of stock"
                        : `${variant.stockQuantity} left`}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <div className="mt-8 mb-3 flex items-baseline justify-between">
            <h2 className="text-xl font-semibold">Recent orders</h2>
            <ShopLink
              to="/dashboard/admin-orders"
              className="text-sm font-semibold text-brand-strong hover:underline"
            >
              See all orders
            </ShopLink>
          </div>
          <AdminOrderTable orders={data.recentOrders} caption="Recent orders" />
          <div className="mt-8 mb-3 flex items-baseline justify-between">
            <h2 className="text-xl font-semibold">Products</h2>
            <ShopLink
              to="/dashboard/admin-products"
              className="text-sm font-semibold text-brand-strong hover:underline"
            >
              See all products
            </ShopLink>
          </div>
          <AdminProductTable products={data.products} caption="Products" />
        </>
      ) : (
        <p className="mt-8 rounded-[var(--radius-card)] border border-line bg-white p-5 text-ink-muted">
          The shop's figures are not available right now.
        </p>
      )}
    </section>
  );
}
