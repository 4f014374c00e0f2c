import { and, asc, eq, isNotNull, notExists, sql } from "drizzle-orm";
import { formatPence } from "../../common/money";
import { type Actor, recordAudit } from "../audit/audit-log";
import { refuseStaleSave } from "../audit/stale-save";
import { productHtmlToText, sanitizeProductHtml } from "../catalog/product-html";
import { products, productVariants } from "../catalog/schema";
import type { Database } from "../db/database";
import { type CampaignProduct, campaignEmail } from "../email/newsletter-templates";
import { queueEmail } from "../email/outbox";
import type { OutgoingEmail } from "../email/transport";
import { DomainError } from "../errors";
import { enqueueJob, type JobHandler } from "../jobs/job-queue";
import { type Brand, emailBrand, getShopSettings } from "../settings/shop-settings";
import { campaignDeliveries, newsletterCampaigns, newsletterSubscribers } from "./schema";
import { newsletterLinks, queueMarketingEmail } from "./subscriptions";

// Newsletter campaigns (docs/admin.md#newsletter-campaigns; decision record 065): a draft is
// written, previewed and tried on the admin's own address, then sent once to every confirmed
// subscriber by the `send-campaign` job, a batch a minute at the owner's rate
// (campaignEmailsPerMinute), so the shop's mail service is never asked for more than it allows.
// Each address's delivery row is unique per campaign: no address gets a campaign twice, whatever
// batches, retries or instances run. Each email carries its subscriber's own unsubscribe link and
// the one-click List-Unsubscribe headers (queueMarketingEmail).

export const CAMPAIGN_MESSAGES = {
  notFound: "This campaign no longer exists.",
  notDraft: "This campaign has been sent: it can no longer be changed.",
  changed: "This campaign changed since you opened it. Reload it to see the changes.",
} as const;

export type CampaignRow = typeof newsletterCampaigns.$inferSelect;

/** A draft as the admin's form sends it, checked (campaign-form.ts). */
export type CampaignInput = {
  subject: string;
  bodyHtml: string;
  /** The product block's product, by slug; null for none. */
  productSlug: string | null;
};

async function productIdOf(db: Database, slug: string | null): Promise<string | null> {
  if (!slug) return null;
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.slug, slug));
  if (!product) {
    throw new DomainError("BAD_REQUEST", "Choose a product the shop has.", "productSlug");
  }
  return product.id;
}

/** Writes a new draft, or saves one (only while a draft, only from the version opened). */
export async function saveCampaign(
  db: Database,
  actor: Actor,
  input: CampaignInput & { id?: string | undefined; version?: number | undefined },
): Promise<{ id: string }> {
  const values = {
    subject: input.subject,
    bodyHtml: sanitizeProductHtml(input.bodyHtml),
    productId: await productIdOf(db, input.productSlug),
  };
  return db.transaction(async (tx) => {
    if (!input.id) {
      const [created] = await tx
        .insert(newsletterCampaigns)
        .values({ ...values, createdBy: actor.type === "admin" ? actor.id : null })
        .returning({ id: newsletterCampaigns.id });
      const id = created?.id ?? "";
      await recordAudit(tx, {
        actor,
        action: "campaign.created",
        entity: { type: "campaign", id },
        after: { subject: values.subject },
      });
      return { id };
    }
    const current = await lockedCampaign(tx, input.id);
    if (current.status !== "draft") throw new DomainError("CONFLICT", CAMPAIGN_MESSAGES.notDraft);
    await refuseStaleSave(tx, {
      entity: { type: "campaign", id: current.id },
      noun: "campaign",
      current: current.version,
      opened: input.version,
      labels: { subject: "subject", bodyHtml: "text", productId: "product" },
    });
    await tx
      .update(newsletterCampaigns)
      .set({ ...values, version: current.version + 1 })
      .where(eq(newsletterCampaigns.id, current.id));
    await recordAudit(tx, {
      actor,
      action: "campaign.updated",
      entity: { type: "campaign", id: current.id },
      before: {
        subject: current.subject,
        bodyHtml: current.bodyHtml,
        productId: current.productId,
      },
      after: { ...values, version: current.version + 1 },
    });
    return { id: current.id };
  });
}

/** The campaign, its row locked until the transaction ends; undefined if there is none. */
async function campaignForUpdate(tx: Database, id: string): Promise<CampaignRow | undefined> {
  const [campaign] = await tx
    .select()
    .from(newsletterCampaigns)
    .where(eq(newsletterCampaigns.id, id))
    .for("update");
  return campaign;
}

async function lockedCampaign(tx: Database, id: string): Promise<CampaignRow> {
  const campaign = await campaignForUpdate(tx, id);
  if (!campaign) throw new DomainError("NOT_FOUND", CAMPAIGN_MESSAGES.notFound);
  return campaign;
}

/** The product block as it is now: its name, the first variant's price, picture and page. */
async function campaignProduct(
  db: Database,
  brand: Brand,
  productId: string | null,
): Promise<CampaignProduct | null> {
  if (!productId) return null;
  const [product] = await db
    .select({
      id: products.id,
      name: products.name,
      imageUrl: products.imageUrl,
      pricePence: productVariants.pricePence,
    })
    .from(products)
    .innerJoin(productVariants, eq(productVariants.productId, products.id))
    .where(and(eq(products.id, productId), eq(products.active, true)))
    .orderBy(asc(productVariants.createdAt), asc(productVariants.id))
    .limit(1);
  if (!product) return null;
  const absolute = (path: string) => (path.startsWith("/") ? `${brand.baseUrl}${path}` : path);
  return {
    name: product.name,
    url: `${brand.baseUrl}/product/${encodeURIComponent(product.id)}`,
    imageUrl: absolute(product.imageUrl),
    price: formatPence(product.pricePence),
  };
}

/** The campaign's email to one address, with that address's unsubscribe link. */
function emailFor(
  brand: Brand,
  campaign: Pick<CampaignRow, "subject" | "bodyHtml">,
  product: CampaignProduct | null,
  to: string,
  token: string,
): OutgoingEmail {
  return campaignEmail(brand, to, {
    subject: campaign.subject,
    bodyHtml: campaign.bodyHtml,
    bodyText: productHtmlToText(campaign.bodyHtml),
    product,
    unsubscribeUrl: newsletterLinks(brand, token).unsubscribe,
  });
}

/** The campaign as a subscriber will get it, for the admin's preview (an unsubscribe link that goes nowhere). */
export async function campaignPreview(db: Database, brand: Brand, campaign: CampaignRow) {
  const product = await campaignProduct(db, brand, campaign.productId);
  return emailFor(brand, campaign, product, "subscriber@example.com", "preview").html;
}

/** Sends the campaign as it is now to the admin's own address, marked as a test. */
export async function sendCampaignTest(
  db: Database,
  brand: Brand,
  id: string,
  to: string,
): Promise<{ to: string }> {
  const [campaign] = await db
    .select()
    .from(newsletterCampaigns)
    .where(eq(newsletterCampaigns.id, id));
  if (!campaign) throw new DomainError("NOT_FOUND", CAMPAIGN_MESSAGES.notFound);
  const product = await campaignProduct(db, brand, campaign.productId);
  const email = emailFor(brand, campaign, product, to, "test");
  await queueEmail(db, "newsletter", { ...email, subject: `[Test] ${email.subject}` });
  return { to };
}

/**
 * Starts sending a draft (the version the admin confirmed): it becomes `sending` and its job is
 * queued in the same transaction. Sending twice, or a changed draft, is refused.
 */
export async function startCampaign(
  db: Database,
  actor: Actor,
  input: { id: string; version: number },
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const campaign = await lockedCampaign(tx, input.id);
    if (campaign.status !== "draft") throw new DomainError("CONFLICT", CAMPAIGN_MESSAGES.notDraft);
    if (campaign.version !== input.version) {
      throw new DomainError("CONFLICT", CAMPAIGN_MESSAGES.changed);
    }
    await tx
      .update(newsletterCampaigns)
      .set({ status: "sending", sendingAt: now })
      .where(eq(newsletterCampaigns.id, campaign.id));
    await enqueueJob(tx, { kind: "send-campaign", subjectId: campaign.id });
    await recordAudit(tx, {
      actor,
      action: "campaign.sent",
      entity: { type: "campaign", id: campaign.id },
      before: { status: "draft" },
      after: { status: "sending", subject: campaign.subject },
    });
  });
}

const MINUTE_MS = 60_000;

/**
 * The `send-campaign` job: one batch of the owner's rate, to confirmed subscribers who have not
 * had the campaign, each delivery row and its email in one transaction; then again a minute on,
 * until a batch finds fewer than the rate, and the campaign is sent.
 */
export function sendCampaignJob(
  db: Database,
  rate: () => Promise<number> = async () => (await getShopSettings(db)).campaignEmailsPerMinute,
  brandOf: () => Promise<Brand> = () => emailBrand(db),
): JobHandler {
  return {
    maxAttempts: 10,
    // A batch is one short transaction (the emails go through the outbox): a crash mid-campaign
    // is picked up within a minute, not the queue's ten.
    leaseMs: MINUTE_MS,
    async run(job, { now, done }) {
      const perMinute = await rate();
      const brand = await brandOf();
      return db.transaction(async (tx) => {
        // Deleted meanwhile, or not sending: nothing to do (a failure is the queue's to retry).
        const campaign = await campaignForUpdate(tx, job.subjectId);
        if (campaign?.status !== "sending") {
          await done(tx);
          return undefined;
        }
        const product = await campaignProduct(tx, brand, campaign.productId);
        const batch = await tx
          .select({ email: newsletterSubscribers.email, token: newsletterSubscribers.token })
          .from(newsletterSubscribers)
          .where(
            and(
              eq(newsletterSubscribers.status, "subscribed"),
              isNotNull(newsletterSubscribers.confirmedAt),
              notExists(
                tx
                  .select({ one: sql`1` })
                  .from(campaignDeliveries)
                  .where(
                    and(
                      eq(campaignDeliveries.campaignId, campaign.id),
                      eq(campaignDeliveries.email, newsletterSubscribers.email),
                    ),
                  ),
              ),
            ),
          )
          .orderBy(asc(newsletterSubscribers.confirmedAt), asc(newsletterSubscribers.id))
          .limit(perMinute);
        for (const subscriber of batch) {
          const outboxId = await queueMarketingEmail(
            tx,
            brand,
            subscriber.token,
            emailFor(brand, campaign, product, subscriber.email, subscriber.token),
          );
          await tx
            .insert(campaignDeliveries)
            .values({ campaignId: campaign.id, email: subscriber.email, outboxId });
        }
        if (batch.length < perMinute) {
          await tx
            .update(newsletterCampaigns)
            .set({ status: "sent", sentAt: now })
            .where(eq(newsletterCampaigns.id, campaign.id));
          await done(tx);
          return undefined;
        }
        return { runAt: new Date(now.getTime() + MINUTE_MS) };
      });
    },
  };
}
