import {
  analyticsRanges,
  changeOnPrevious,
  DEFAULT_ANALYTICS_RANGE,
} from "@common/admin/admin-figures";
import { formatPence } from "@common/money";
import { orderStatusLabel } from "@common/orders/order-types";
import { currentAnalytics } from "@server/admin/shop-figures";
import { getDb } from "@server/db/connection";
import { logger } from "@server/logger";
import { useEffect } from "react";
import { Link } from "react-router";
import { z } from "zod";
import { RevenueChart } from "~/components/admin/revenue-chart";
import { StatCards } from "~/components/admin/stat-cards";
import { StatusBadge } from "~/components/orders/status-badge";
import { cardClass } from "~/components/ui/card";
import { cn } from "~/lib/class-names";
import { showToast } from "~/lib/toast";
import type { Route } from "./+types/dashboard.analytics";

// /dashboard/analytics: how the shop is doing over 7, 30 or 90 days (behind the admin's guard).

const rangeSchema = z.coerce
  .number()
  .pipe(z.union(analyticsRanges.map((range) => z.literal(range))))
  .catch(DEFAULT_ANALYTICS_RANGE);

export async function loader({ url }: Route.LoaderArgs) {
  const range = rangeSchema.parse(url.searchParams.get("range") ?? undefined);
  try {
    return { range, figures: await currentAnalytics(await getDb(), range), error: null };
  } catch (error) {
    logger.error({ err: error }, "the analytics could not be read");
    return { range, figures: null, error: "The figures could not be read. Please try again." };
  }
}

export default function Analytics({ loaderData }: Route.ComponentProps) {
  const { range, figures, error } = loaderData;
  useEffect(() => {
    if (error) void showToast("Error fetching analytics", { description: error, tone: "error" });
  }, [error]);
  const revenue = figures?.days.reduce((sum, day) => sum + day.revenuePence, 0) ?? 0;
  const orderCount = figures?.days.reduce((sum, day) => sum + day.orders, 0) ?? 0;
  return (
    <section>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Analytics</h1>
          <p className="mt-2 text-ink-muted">Paid orders over the last {range} days.</p>
        </div>
        <nav aria-label="Range">
          <ul className="flex gap-2">
            {analyticsRanges.map((days) => (
              <li key={days}>
                <Link
                  to={days === DEFAULT_ANALYTICS_RANGE ? "?" : `?range=${days}`}
                  aria-current={days === range ? "page" : undefined}
                  className={cn(
                    "inline-flex h-10 items-center rounded-full border px-4 text-sm font-medium",
                    days === range
                      ? "border-brand bg-brand text-white"
                      : "border-line bg-white hover:bg-mint/60",
                  )}
                >
                  {days} days
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {figures ? (
        <>
          <div className="mt-6">
            <StatCards
              stats={[
                {
                  label: "Revenue",
                  value: formatPence(revenue),
                  testId: "range-revenue",
                  change: changeOnPrevious(revenue, figures.previous.revenuePence, range),
                },
                {
                  label: "Orders",
                  value: String(orderCount),
                  testId: "range-orders",
                  change: changeOnPrevious(orderCount, figures.previous.orders, range),
                },
                {
                  label: "New customers",
                  value: String(figures.customers.new),
                  testId: "new-customers",
                  change: changeOnPrevious(
                    figures.customers.new,
                    figures.previous.customers.new,
                    range,
                  ),
                },
                {
                  label: "Returning customers",
                  value: String(figures.customers.returning),
                  testId: "returning-customers",
                  change: changeOnPrevious(
                    figures.customers.returning,
                    figures.previous.customers.returning,
                    range,
                  ),
                },
              ]}
            />
          </div>
          <section aria-labelledby="per-day-heading" className={cn(cardClass, "mt-6")}>
            <h2 id="per-day-heading" className="text-lg font-semibold">
              Revenue and orders per day
            </h2>
            <div className="mt-4">
              <RevenueChart days={figures.days} />
            </div>
            <details className="mt-4">
              <summary className="cursor-pointer text-sm font-medium text-brand-strong">
                The figures as a table
              </summary>
              <div className="mt-3 max-h-80 overflow-y-auto">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Revenue and orders per day</caption>
                  <thead className="text-ink-muted">
                    <tr>
                      <th scope="col" className="py-1 font-medium">
                        Day
                      </th>
                      <th scope="col" className="py-1 text-right font-medium">
                        Revenue
                      </th>
                      <th scope="col" className="py-1 text-right font-medium">
                        Orders
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-line">
                    {figures.days.map((day) => (
                      <tr key={day.day}>
                        <td className="py-1">{day.day}</td>
                        <td className="py-1 text-right">{formatPence(day.revenuePence)}</td>
                        <td className="py-1 text-right">{day.orders}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </details>
          </section>
          <div className="mt-6 grid gap-6 lg:grid-cols-2">
            <section aria-labelledby="top-heading" className={cardClass}>
              <h2 id="top-heading" className="text-lg font-semibold">
                Top products
              </h2>
              {figures.topProducts.length === 0 ? (
                <p className="mt-3 text-sm text-ink-muted">No products found.</p>
              ) : (
                <table className="mt-3 w-full text-left text-sm">
                  <caption className="sr-only">Top products by units sold</caption>
                  <thead className="text-ink-muted">
                    <tr>
                      <th scope="col" className="py-1 font-medium">
                        Product
                      </th>
                      <th scope="col" className="py-1 text-right font-medium">
                        Units
                      </th>
                      <th scope="col" className="py-1 text-right font-medium">
                        Revenue
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-line">
                    {figures.topProducts.map((product) => (
                      <tr key={product.productId}>
                        <td className="py-2">{product.productName}</td>
                        <td className="py-2 text-right">{product.units}</td>
                        <td className="py-2 text-right">{formatPence(product.revenuePence)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </section>
            <section aria-labelledby="status-heading" className={cardClass}>
              <h2 id="status-heading" className="text-lg font-semibold">
                Orders by status
              </h2>
              {figures.byStatus.length === 0 ? (
                <p className="mt-3 text-sm text-ink-muted">No orders found.</p>
              ) : (
                <ul className="mt-3 space-y-2 text-sm">
                  {figures.byStatus.map((row) => (
                    <li key={row.status} className="flex items-center justify-between">
                      <StatusBadge status={row.status} label={orderStatusLabel(row.status)} />
                      <span className="font-semibold">{row.orders}</span>
                    </li>
                  ))}
                </ul>
              )}
              <h2 className="mt-6 text-lg font-semibold">First-order discount</h2>
              <p className="mt-2 text-sm" data-testid="discount-given">
                {formatPence(figures.firstOrderDiscount.pence)} given on{" "}
                {figures.firstOrderDiscount.orders === 1
                  ? "1 order"
                  : `${figures.firstOrderDiscount.orders} orders`}
                .
              </p>
            </section>
          </div>
        </>
      ) : (
        <p className={cn(cardClass, "mt-6 text-ink-muted")}>
          The figures are not available right now.
        </p>
      )}
    </section>
  );
}
