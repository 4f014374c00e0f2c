import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { products } from "../catalog/schema";
import type { Database } from "../db/database";
import { DomainError } from "../errors";
import { CAMPAIGN_MESSAGES, type CampaignRow } from "./campaigns";
import { campaignDeliveries, newsletterCampaigns, newsletterSubscribers } from "./schema";

// Drizzle leaves the table out of a column on one table: inside a subquery it is named in full.
const DELIVERY = sql.identifier("campaign_deliveries");

// What the admin reads of newsletter campaigns (docs/admin.md#newsletter-campaigns): the list,
// one campaign with its counts, and whom a campaign sent now would reach.

export type CampaignSummary = {
  id: string;
  subject: string;
  status: CampaignRow["status"];
  createdAt: Date;
  sendingAt: Date | null;
  sentAt: Date | null;
  recipients: number;
  sent: number;
  failed: number;
  unsubscribed: number;
};

/** Every campaign, newest first, with its counts: emails queued, sent, failed, and unsubscribes since. */
export async function listCampaigns(db: Database): Promise<CampaignSummary[]> {
  const campaigns = await db
    .select()
    .from(newsletterCampaigns)
    .orderBy(desc(newsletterCampaigns.createdAt), desc(newsletterCampaigns.id));
  const counts = await campaignCounts(
    db,
    campaigns.map((campaign) => campaign.id),
  );
  return campaigns.map((campaign) => ({
    id: campaign.id,
    subject: campaign.subject,
    status: campaign.status,
    createdAt: campaign.createdAt,
    sendingAt: campaign.sendingAt,
    sentAt: campaign.sentAt,
    ...(counts.get(campaign.id) ?? { recipients: 0, sent: 0, failed: 0, unsubscribed: 0 }),
  }));
}

/** One campaign for its editor, with its counts. */
export async function getCampaign(db: Database, id: string) {
  const [campaign] = await db
    .select({
      campaign: newsletterCampaigns,
      productSlug: products.slug,
      productName: products.name,
    })
    .from(newsletterCampaigns)
    .leftJoin(products, eq(products.id, newsletterCampaigns.productId))
    .where(eq(newsletterCampaigns.id, id));
  if (!campaign) throw new DomainError("NOT_FOUND", CAMPAIGN_MESSAGES.notFound);
  const counts = (await campaignCounts(db, [id])).get(id);
  return {
    ...campaign.campaign,
    product:
      campaign.productSlug && campaign.productName
        ? { slug: campaign.productSlug, name: campaign.productName }
        : null,
    counts: counts ?? { recipients: 0, sent: 0, failed: 0, unsubscribed: 0 },
  };
}

/**
 * Each campaign's deliveries: how many, how many the mail service took (`sent_at` in the outbox),
 * how many gave up (the email's job parked), and how many of its recipients unsubscribed since it
 * went. One grouped statement.
 */
async function campaignCounts(db: Database, ids: string[]) {
  if (ids.length === 0) return new Map<string, Omit<CampaignSummary, keyof CampaignRow>>();
  const rows = await db
    .select({
      campaignId: campaignDeliveries.campaignId,
      recipients: sql<number>`count(*)::int`,
      sent: sql<number>`count(*) filter (where exists (select 1 from email_outbox o where o.id = ${DELIVERY}.outbox_id and o.sent_at is not null))::int`,
      failed: sql<number>`count(*) filter (where exists (select 1 from jobs j where j.kind = 'send-email' and j.subject_id = ${DELIVERY}.outbox_id and j.status = 'parked'))::int`,
      unsubscribed: sql<number>`count(*) filter (where exists (select 1 from newsletter_subscribers s where s.email = ${DELIVERY}.email and s.status = 'unsubscribed' and s.unsubscribed_at >= ${DELIVERY}.created_at))::int`,
    })
    .from(campaignDeliveries)
    .where(inArray(campaignDeliveries.campaignId, ids))
    .groupBy(campaignDeliveries.campaignId);
  return new Map(
    rows.map((row) => [
      row.campaignId,
      {
        recipients: row.recipients,
        sent: row.sent,
        failed: row.failed,
        unsubscribed: row.unsubscribed,
      },
    ]),
  );
}

/** Confirmed subscribers now: whom a campaign sent now would reach. */
export async function confirmedSubscriberCount(db: Database): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(newsletterSubscribers)
    .where(
      and(
        eq(newsletterSubscribers.status, "subscribed"),
        isNotNull(newsletterSubscribers.confirmedAt),
      ),
    );
  return row?.count ?? 0;
}
