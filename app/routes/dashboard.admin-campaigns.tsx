import { formatDateTime } from "@common/dates";
import { groupThousands } from "@common/numbers";
import { routeMeta } from "@common/seo";
import { adminActor } from "@server/audit/audit-log";
import { requireUser } from "@server/auth/guards";
import { getDb } from "@server/db/connection";
import { answerForm, formIntent } from "@server/http/form-action";
import { confirmedSubscriberCount, listCampaigns } from "@server/newsletter/campaign-reports";
import { saveShopSettings, settingsVersion } from "@server/settings/settings-editor";
import { campaignSettingsFormSchema } from "@server/settings/settings-form";
import { getShopSettings } from "@server/settings/shop-settings";
import { NumberSetting, SettingsPartForm } from "~/components/admin/settings-part-form";
import { buttonVariants } from "~/components/ui/button";
import { ShopLink } from "~/components/ui/shop-link";
import { EmptyCard, HeadRow, TableRegion } from "~/components/ui/table-region";
import type { Route } from "./+types/dashboard.admin-campaigns";

// /dashboard/admin-campaigns: the newsletter's campaigns with their counts, a new one, and the
// rate the shop's mail service allows (behind the admin's guard, dashboard.admin;
// docs/admin.md#newsletter-campaigns).

export async function loader() {
  const db = await getDb();
  const [campaigns, subscribers, settings, version] = await Promise.all([
    listCampaigns(db),
    confirmedSubscriberCount(db),
    getShopSettings(db),
    settingsVersion(db),
  ]);
  return { campaigns, subscribers, rate: settings.campaignEmailsPerMinute, version };
}

export async function action({ request, url }: Route.ActionArgs) {
  const admin = adminActor((await requireUser(request, url)).id);
  const db = await getDb();
  return answerForm(request, {
    rate: formIntent(campaignSettingsFormSchema, (input) => saveShopSettings(db, admin, input)),
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return routeMeta(matches, () => ({
    title: "Campaigns",
    description: "The newsletter's campaigns, in the admin.",
    path: "/dashboard/admin-campaigns",
    noindex: true,
  }));
}

const statusLabels = { draft: "Draft", sending: "Sending", sent: "Sent" } as const;

export default function AdminCampaigns({ loaderData }: Route.ComponentProps) {
  const { campaigns, subscribers, rate, version } = loaderData;
  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Campaigns</h1>
        <ShopLink to="/dashboard/admin-campaigns/new" className={buttonVariants()}>
          New campaign
        </ShopLink>
      </div>
      <p className="mt-2 text-ink-muted">
        Emails to the newsletter's {groupThousands(subscribers)} confirmed subscribers, each with
        its own unsubscribe link. Write a draft, preview it, send yourself a test, then send it.
      </p>
      <div className="mt-6 space-y-6">
        <SettingsPartForm
          heading="Sending rate"
          intent="rate"
          version={version}
          submitLabel="Save rate"
          savedDescription="Campaigns send at this rate from their next batch."
          description={
            <p>
              Emails handed to your mail service each minute: no more than its plan allows. A
              campaign to many subscribers goes out a batch a minute.
            </p>
          }
          fields={(problem) => (
            <NumberSetting
              id="campaign-rate"
              name="campaignEmailsPerMinute"
              label="Emails a minute"
              value={rate}
              problem={problem}
            />
          )}
        />
        {campaigns.length === 0 ? (
          <EmptyCard>No campaigns yet.</EmptyCard>
        ) : (
          <TableRegion label="Campaigns" className="min-w-[44rem]">
            <HeadRow
              labels={[
                "Subject",
                "Status",
                "Sent",
                "Recipients",
                "Delivered",
                "Failed",
                "Unsubscribed",
              ]}
            />
            <tbody className="divide-y divide-line">
              {campaigns.map((campaign) => (
                <tr key={campaign.id} data-testid="campaign-row">
                  <td className="px-4 py-3">
                    <ShopLink
                      to={`/dashboard/admin-campaigns/${encodeURIComponent(campaign.id)}`}
                      className="font-medium text-brand-strong underline-offset-2 hover:underline"
                    >
                      {campaign.subject}
                    </ShopLink>
                  </td>
                  <td className="px-4 py-3">{statusLabels[campaign.status]}</td>
                  <td className="px-4 py-3 whitespace-nowrap">
                    {campaign.sendingAt ? formatDateTime(campaign.sendingAt) : "Not yet"}
                  </td>
                  <td className="px-4 py-3">{groupThousands(campaign.recipients)}</td>
                  <td className="px-4 py-3">{groupThousands(campaign.sent)}</td>
                  <td className="px-4 py-3">{groupThousands(campaign.failed)}</td>
                  <td className="px-4 py-3">{groupThousands(campaign.unsubscribed)}</td>
                </tr>
              ))}
            </tbody>
          </TableRegion>
        )}
      </div>
    </section>
  );
}
