import { routeMeta } from "@common/seo";
import { adminActor } from "@server/audit/audit-log";
import { requireUser } from "@server/auth/guards";
import { getDb } from "@server/db/connection";
import { DomainError } from "@server/errors";
import { answerForm, formIntent } from "@server/http/form-action";
import {
  campaignFormSchema,
  sendCampaignFormSchema,
  testCampaignFormSchema,
} from "@server/newsletter/campaign-form";
import { confirmedSubscriberCount, getCampaign } from "@server/newsletter/campaign-reports";
import {
  campaignPreview,
  saveCampaign,
  sendCampaignTest,
  startCampaign,
} from "@server/newsletter/campaigns";
import { emailBrand } from "@server/settings/shop-settings";
import { redirect } from "react-router";
import { CampaignForm, CampaignPreview, CampaignSending } from "~/components/admin/campaign-editor";
import { ShopLink } from "~/components/ui/shop-link";
import type { Route } from "./+types/dashboard.admin-campaign";

// /dashboard/admin-campaigns/:campaignId ("new" for a new one): a campaign's draft, its preview on
// desktop and phone, a test to the admin's own address, and the send (behind the admin's guard,
// dashboard.admin; docs/admin.md#newsletter-campaigns).

export async function loader({ params, request, url }: Route.LoaderArgs) {
  const admin = await requireUser(request, url);
  const db = await getDb();
  const subscribers = await confirmedSubscriberCount(db);
  if (params.campaignId === "new") {
    return { campaign: null, previewHtml: null, subscribers, adminEmail: admin.email };
  }
  const campaign = await getCampaign(db, params.campaignId).catch((error: unknown) => {
    if (error instanceof DomainError) throw new Response("Not found", { status: 404 });
    throw error;
  });
  const previewHtml = await campaignPreview(db, await emailBrand(db), campaign);
  return { campaign, previewHtml, subscribers, adminEmail: admin.email };
}

export async function action({ request, url }: Route.ActionArgs) {
  const admin = await requireUser(request, url);
  const actor = adminActor(admin.id);
  const db = await getDb();
  return answerForm(request, {
    save: formIntent(campaignFormSchema, async ({ productSlugs, ...input }) => {
      const saved = await saveCampaign(db, actor, {
        ...input,
        productSlug: productSlugs[0] ?? null,
      });
      if (!input.id) throw redirect(`/dashboard/admin-campaigns/${saved.id}`);
    }),
    test: formIntent(testCampaignFormSchema, async ({ id }) =>
      sendCampaignTest(db, await emailBrand(db), id, admin.email),
    ),
    send: formIntent(sendCampaignFormSchema, (input) => startCampaign(db, actor, input)),
  });
}

export function meta({ matches, data }: Route.MetaArgs) {
  return routeMeta(matches, () => ({
    title: data?.campaign ? `Campaign: ${data.campaign.subject}` : "New campaign",
    description: "A newsletter campaign, in the admin.",
    path: "/dashboard/admin-campaigns",
    noindex: true,
  }));
}

export default function AdminCampaign({ loaderData }: Route.ComponentProps) {
  const { campaign, previewHtml, subscribers, adminEmail } = loaderData;
  return (
    <section>
      <ShopLink
        to="/dashboard/admin-campaigns"
        className="text-sm font-medium text-brand-strong underline-offset-2 hover:underline"
      >
        ← All campaigns
      </ShopLink>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">
        {campaign ? campaign.subject : "New campaign"}
      </h1>
      <div className="mt-6 grid gap-6 xl:grid-cols-2 xl:items-start">
        <div className="min-w-0 space-y-6">
          {!campaign || campaign.status === "draft" ? <CampaignForm campaign={campaign} /> : null}
          {campaign ? (
            <CampaignSending
              campaign={campaign}
              subscribers={subscribers}
              adminEmail={adminEmail}
            />
          ) : null}
        </div>
        {previewHtml ? <CampaignPreview html={previewHtml} /> : null}
      </div>
    </section>
  );
}
