import { formatPence } from "@common/money";
import { groupThousands } from "@common/numbers";
import { pageNumber } from "@common/page-number";
import { routeMeta } from "@common/seo";
import { ABANDONED_PAGE_SIZE, listAbandonedCheckouts } from "@server/admin/abandoned-checkouts";
import { adminActor } from "@server/audit/audit-log";
import { requireUser } from "@server/auth/guards";
import { getDb } from "@server/db/connection";
import { answerForm, formIntent } from "@server/http/form-action";
import { saveShopSettings, settingsVersion } from "@server/settings/settings-editor";
import { reminderSettingsFormSchema } from "@server/settings/settings-form";
import { getShopSettings } from "@server/settings/shop-settings";
import { AbandonedCheckoutTable } from "~/components/admin/abandoned-checkout-table";
import { ReminderSettingsForm } from "~/components/admin/reminder-settings-form";
import { PageLinks } from "~/components/ui/page-links";
import type { Route } from "./+types/dashboard.admin-checkouts";

// /dashboard/admin-checkouts: customers' checkouts left unpaid in the last 30 days, with the
// reminder's settings beside them (behind the admin's guard, dashboard.admin; docs/admin.md#abandoned-checkouts).

const DAYS = 30;

export async function loader({ url }: Route.LoaderArgs) {
  const page = pageNumber.parse(url.searchParams.get("page"));
  const db = await getDb();
  const since = new Date(Date.now() - DAYS * 86_400_000);
  const [list, settings, version] = await Promise.all([
    listAbandonedCheckouts(db, { page, since }),
    getShopSettings(db),
    settingsVersion(db),
  ]);
  return {
    ...list,
    page,
    pageCount: Math.max(1, Math.ceil(list.total / ABANDONED_PAGE_SIZE)),
    reminder: {
      version,
      abandonedReminderEnabled: settings.abandonedReminderEnabled,
      abandonedReminderMinutes: settings.abandonedReminderMinutes,
      pendingOrderMinutes: settings.pendingOrderMinutes,
    },
  };
}

export async function action({ request, url }: Route.ActionArgs) {
  const admin = adminActor((await requireUser(request, url)).id);
  const db = await getDb();
  return answerForm(request, {
    reminder: formIntent(reminderSettingsFormSchema, (input) => saveShopSettings(db, admin, input)),
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, () => ({
    title: "Abandoned checkouts",
    description: "Checkouts customers left unpaid, in the admin.",
    path: "/dashboard/admin-checkouts",
    noindex: true,
  }));
}

export default function AdminCheckouts({ loaderData }: Route.ComponentProps) {
  const { checkouts, total, totalPence, reminded, recovered, recoveredPence, page, pageCount } =
    loaderData;
  return (
    <section>
      <h1 className="text-3xl font-bold tracking-tight">Abandoned checkouts</h1>
      <p className="mt-2 text-ink-muted">
        Signed-in customers who reached the payment and left without paying, in the last {DAYS}{" "}
        days. A second try soon after (another tab, a card declined) counts once; recovered means
        they paid for an order within a week.
      </p>
      <div className="mt-6 space-y-6">
        <ReminderSettingsForm settings={loaderData.reminder} />
        <div className="min-w-0 space-y-3">
          <p className="text-sm text-ink-muted" data-testid="abandoned-figures">
            {total === 1 ? "1 checkout" : `${groupThousands(total)} checkouts`} worth{" "}
            {formatPence(totalPence)}; {groupThousands(reminded)} reminded;{" "}
            {groupThousands(recovered)} recovered, worth {formatPence(recoveredPence)}.
          </p>
          <AbandonedCheckoutTable checkouts={checkouts} />
          {pageCount > 1 ? (
            <PageLinks
              label="Pages of abandoned checkouts"
              page={page}
              pageCount={pageCount}
              href={(next) => (next > 1 ? `?page=${next}` : "?")}
            />
          ) : null}
        </div>
      </div>
    </section>
  );
}
