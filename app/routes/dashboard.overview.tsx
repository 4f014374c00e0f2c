import { staffMay } from "@common/auth/staff-access";
import { formatPence } from "@common/money";
import { sendingCounts } from "@server/admin/packing-order";
import { adminOverview } from "@server/admin/shop-figures";
import { requireUser } from "@server/auth/guards";
import { getDb } from "@server/db/connection";
import { listParkedJobs } from "@server/jobs/job-queue";
import { logger } from "@server/logger";
import { remindersSentSince } from "@server/newsletter/checkout-reminder";
import { customerOrderTotals, listCustomerOrders } from "@server/orders/orders-service";
import { listRefundsToCheck } from "@server/orders/refund-checks";
import { openReturns } from "@server/returns/returns";
import { getShopSettings } from "@server/settings/shop-settings";
import { parkedJobDescribers } from "@server/start/background-jobs";
import { wishlistProductIds } from "@server/wishlist/wishlist-service";
import { Link } from "react-router";
import { OrderList } from "~/components/account/order-list";
import { AdminOverview } from "~/components/admin/admin-overview";
import { SendingOverview } from "~/components/admin/sending-overview";
import type { Route } from "./+types/dashboard.overview";

/** docs/product.md#constants: the overview shows the 4 most recent orders. */
const RECENT_ORDERS = 4;

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  // The role comes from the session just read: no second guard call (and session lookup) needed.
  if (user.role === "admin" && !staffMay(user.staffRole, "figures")) {
    // Fulfilment staff: the orders waiting on them, no figures (docs/decisions/071).
    return {
      role: "sending" as const,
      fullName: user.fullName,
      counts: await sendingCounts(await getDb()),
    };
  }
  if (user.role === "admin") {
    const db = await getDb();
    try {
      const monthAgo = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000);
      const [overview, parkedJobs, refundsToCheck, returnsToHandle, remindersSent, settings] =
        await Promise.all([
          adminOverview(db),
          listParkedJobs(db, parkedJobDescribers).then((rows) =>
            rows.map((row) => ({ ...row, parkedAt: row.parkedAt.toISOString() })),
          ),
          listRefundsToCheck(db),
          openReturns(db),
          remindersSentSince(db, monthAgo),
          getShopSettings(),
        ]);
      return {
        role: "admin" as const,
        fullName: user.fullName,
        data: {
          ...overview,
          parkedJobs,
          refundsToCheck,
          returnsToHandle,
          reminders: { enabled: settings.abandonedReminderEnabled, sentLast30Days: remindersSent },
        },
        error: null,
      };
    } catch (error) {
      logger.error({ err: error }, "the admin's overview could not be read");
      return {
        role: "admin" as const,
        fullName: user.fullName,
        data: null,
        error: "The shop's figures could not be read. Please try again.",
      };
    }
  }
  const db = await getDb();
  const [recent, totals, saved] = await Promise.all([
    listCustomerOrders(db, user.id, RECENT_ORDERS),
    customerOrderTotals(db, user.id),
    wishlistProductIds(db, user.id),
  ]);
  return {
    role: "customer" as const,
    fullName: user.fullName,
    recent,
    totals,
    savedCount: saved.length,
  };
}

export default function Overview({ loaderData }: Route.ComponentProps) {
  // The saved products come with every page (the hearts need them): no second query here.
  if (loaderData.role === "sending") {
    return <SendingOverview fullName={loaderData.fullName} {...loaderData.counts} />;
  }
  if (loaderData.role === "admin") {
    return (
      <AdminOverview
        fullName={loaderData.fullName}
        data={loaderData.data}
        error={loaderData.error}
      />
    );
  }
  const { recent, totals, savedCount } = loaderData;
  return (
    <section>
      <h1 className="text-3xl font-bold tracking-tight">My Account</h1>
      <p className="mt-2 text-lg text-ink-muted">Welcome back, {loaderData.fullName}.</p>
      <dl className="mt-8 grid gap-4 sm:grid-cols-3">
        <div className="rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-soft">
          <dt className="text-sm text-ink-muted">Total orders</dt>
          <dd className="mt-1 text-2xl font-bold" data-testid="order-count">
            {totals.count}
          </dd>
        </div>
        <div className="rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-soft">
          <dt className="text-sm text-ink-muted">Total spent</dt>
          <dd className="mt-1 text-2xl font-bold" data-testid="order-total">
            {formatPence(totals.totalPence)}
          </dd>
        </div>
        <div className="rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-soft">
          <dt className="text-sm text-ink-muted">Wishlist</dt>
          <dd className="mt-1 text-2xl font-bold">
            <Link
              to="/dashboard/wishlist"
              className="hover:text-brand"
              aria-label={`Wishlist: ${savedCount} saved`}
              data-testid="wishlist-count"
            >
              {savedCount}
            </Link>
          </dd>
        </div>
      </dl>
      <div className="mt-10 mb-4 flex items-baseline justify-between">
        <h2 className="text-xl font-semibold">Recent orders</h2>
        {totals.count > RECENT_ORDERS ? (
          <Link
            to="/dashboard/orders"
            className="text-sm font-semibold text-brand-strong hover:underline"
          >
            See all orders
          </Link>
        ) : null}
      </div>
      <OrderList orders={recent} empty="No recent orders found." />
    </section>
  );
}
