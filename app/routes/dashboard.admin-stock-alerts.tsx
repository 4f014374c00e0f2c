import { formatDateTime } from "@common/dates";
import { groupThousands } from "@common/numbers";
import { routeMeta } from "@common/seo";
import { adminActor } from "@server/audit/audit-log";
import { requireUser } from "@server/auth/guards";
import { getDb } from "@server/db/connection";
import { answerForm, formIntent } from "@server/http/form-action";
import { saveShopSettings, settingsVersion } from "@server/settings/settings-editor";
import { stockAlertSettingsFormSchema } from "@server/settings/settings-form";
import { getShopSettings } from "@server/settings/shop-settings";
import { waitingStockAlerts } from "@server/stock-alerts/stock-alerts";
import { NumberSetting, SettingsPartForm } from "~/components/admin/settings-part-form";
import { cardClass } from "~/components/ui/card";
import { ShopLink } from "~/components/ui/shop-link";
import { EmptyCard } from "~/components/ui/table-region";
import type { Route } from "./+types/dashboard.admin-stock-alerts";

// /dashboard/admin-stock-alerts: who waits for which sold-out variant, and how many alerts go per
// unit back (behind the admin's guard, dashboard.admin; docs/admin.md#back-in-stock-alerts).

export async function loader() {
  const db = await getDb();
  const [alerts, settings, version] = await Promise.all([
    waitingStockAlerts(db),
    getShopSettings(db),
    settingsVersion(db),
  ]);
  return { ...alerts, factor: settings.backInStockFactor, version };
}

export async function action({ request, url }: Route.ActionArgs) {
  const admin = adminActor((await requireUser(request, url)).id);
  const db = await getDb();
  return answerForm(request, {
    "stock-alerts": formIntent(stockAlertSettingsFormSchema, (input) =>
      saveShopSettings(db, admin, input),
    ),
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, () => ({
    title: "Back-in-stock alerts",
    description: "Who waits for sold-out products, in the admin.",
    path: "/dashboard/admin-stock-alerts",
    noindex: true,
  }));
}

export default function AdminStockAlerts({ loaderData }: Route.ComponentProps) {
  const { variants, notifiedLast30Days, factor, version } = loaderData;
  return (
    <section>
      <h1 className="text-3xl font-bold tracking-tight">Back-in-stock alerts</h1>
      <p className="mt-2 text-ink-muted">
        Shoppers who asked, on a sold-out product's page, to hear when it is back. When units come
        back, the oldest are emailed once each; {groupThousands(notifiedLast30Days)} emailed in the
        last 30 days.
      </p>
      <div className="mt-6 space-y-6">
        <SettingsPartForm
          heading="Alerts per unit"
          intent="stock-alerts"
          version={version}
          submitLabel="Save alerts"
          savedDescription="The next units back follow it."
          description={
            <p>
              How many waiting shoppers to email for each unit that comes back. Not everyone buys,
              so a few more than the units; too many, and most find it sold out again.
            </p>
          }
          fields={(problem) => (
            <NumberSetting
              id="stock-alert-factor"
              name="backInStockFactor"
              label="Emails per unit back"
              value={factor}
              problem={problem}
            />
          )}
        />
        {variants.length === 0 ? (
          <EmptyCard>Nobody is waiting for a product.</EmptyCard>
        ) : (
          variants.map((variant) => (
            <section
              key={variant.variantId}
              aria-label={`${variant.productName} (${variant.variantName})`}
              className={cardClass}
              data-testid="stock-alert-variant"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="text-lg font-semibold">
                  <ShopLink
                    to={`/dashboard/admin-products/${encodeURIComponent(variant.productId)}`}
                    className="text-brand-strong underline-offset-2 hover:underline"
                  >
                    {variant.productName}
                  </ShopLink>{" "}
                  <span className="font-normal text-ink-muted">· {variant.variantName}</span>
                </h2>
                <p className="text-sm text-ink-muted">
                  {variant.waiting.length === 1
                    ? "1 waiting"
                    : `${groupThousands(variant.waiting.length)} waiting`}{" "}
                  · {variant.stock === 0 ? "Sold out" : `${variant.stock} in stock`}
                </p>
              </div>
              <ol className="mt-3 divide-y divide-line text-sm">
                {variant.waiting.map((waiting) => (
                  <li
                    key={waiting.email}
                    className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2"
                  >
                    <span className="break-all">{waiting.email}</span>
                    <span className="text-ink-muted">since {formatDateTime(waiting.since)}</span>
                  </li>
                ))}
              </ol>
            </section>
          ))
        )}
      </div>
    </section>
  );
}
