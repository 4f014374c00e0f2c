import { adminActor } from "@server/audit/audit-log";
import { emailOutbox } from "@server/email/schema";
import type { Job } from "@server/jobs/job-queue";
import { jobs } from "@server/jobs/schema";
import { getCampaign, listCampaigns } from "@server/newsletter/campaign-reports";
import {
  CAMPAIGN_MESSAGES,
  saveCampaign,
  sendCampaignJob,
  sendCampaignTest,
  startCampaign,
} from "@server/newsletter/campaigns";
import { campaignDeliveries, newsletterSubscribers } from "@server/newsletter/schema";
import { unsubscribe } from "@server/newsletter/subscriptions";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createCustomer, createProduct, testBrand } from "../factories";
import { testDrivers, useTestDatabase } from "../setup/test-database";

// Newsletter campaigns (docs/admin.md#newsletter-campaigns): a draft, a test to oneself, then each
// confirmed subscriber once, a batch at the owner's rate, with their own unsubscribe link and
// List-Unsubscribe; never twice, even with the job run again at once on two connections.

describe.each(testDrivers)("newsletter campaigns on %s", (driver) => {
  const database = useTestDatabase(driver, { maxConnections: 10 });
  const db = () => database.db();
  const handler = (rate: number) =>
    sendCampaignJob(
      db(),
      async () => rate,
      async () => testBrand,
    );

  async function subscribers(count: number) {
    await db()
      .insert(newsletterSubscribers)
      .values(
        Array.from({ length: count }, (_, index) => ({
          email: `reader${String(index).padStart(2, "0")}@example.com`,
          token: `token-${index}`,
          status: "subscribed" as const,
          sourcePage: "/",
          consentText: "Deals.",
          confirmedAt: new Date(Date.now() - (count - index) * 60_000),
        })),
      );
    // Not confirmed, and gone: never sent a campaign.
    await db()
      .insert(newsletterSubscribers)
      .values([
        { email: "pending@example.com", token: "t-p", sourcePage: "/", consentText: "Deals." },
        {
          email: "left@example.com",
          token: "t-l",
          status: "unsubscribed" as const,
          sourcePage: "/",
          consentText: "Deals.",
        },
      ]);
  }
  const campaignJob = async () => {
    const [job] = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, "send-campaign"), eq(jobs.status, "queued")));
    return job as Job;
  };
  const newsletters = () =>
    db().select().from(emailOutbox).where(eq(emailOutbox.kind, "newsletter"));

  it("keeps a sanitised draft, tests it on the admin, and sends each subscriber once, a batch at a time", async () => {
    await createProduct(db(), {
      id: "pen",
      slug: "pen",
      name: "Whitening Pen",
      variants: [{ id: "pen-v", pricePence: 2499, stockQuantity: 5 }],
    });
    await subscribers(5);
    const admin = adminActor(await createCustomer(db(), "owner@example.com"));
    const { id } = await saveCampaign(db(), admin, {
      subject: "Brighter for spring",
      bodyHtml:
        '<p>New <strong>shades</strong>.</p><script>alert(1)</script><img src=x onerror="x">',
      productSlug: "pen",
    });
    const draft = await getCampaign(db(), id);
    expect(draft).toMatchObject({ status: "draft", version: 1, product: { slug: "pen" } });
    expect(draft.bodyHtml).toBe("<p>New <strong>shades</strong>.</p>");

    await sendCampaignTest(db(), testBrand, id, "owner@example.com");
    const [test] = await newsletters();
    expect(test).toMatchObject({
      toAddress: "owner@example.com",
      subject: "[Test] Brighter for spring",
    });
    expect(test?.html).toContain("Whitening Pen");
    expect(test?.html).toContain("£24.99");
    expect(test?.html).toContain("http://shop.test/product/pen");

    // Sending is asked with the version seen: a changed draft is refused.
    await saveCampaign(db(), admin, {
      id,
      version: 1,
      subject: "Brighter for spring",
      bodyHtml: "<p>New shades.</p>",
      productSlug: "pen",
    });
    await expect(startCampaign(db(), admin, { id, version: 1 })).rejects.toThrow(
      CAMPAIGN_MESSAGES.changed,
    );
    await startCampaign(db(), admin, { id, version: 2 });
    await expect(startCampaign(db(), admin, { id, version: 2 })).rejects.toThrow(
      CAMPAIGN_MESSAGES.notDraft,
    );
    await expect(
      saveCampaign(db(), admin, { id, subject: "Edited", bodyHtml: "<p>x</p>", productSlug: null }),
    ).rejects.toThrow(CAMPAIGN_MESSAGES.notDraft);

    // Two a minute: the first batch takes the two who confirmed first, and asks again a minute on.
    const now = new Date();
    const first = await handler(2).run(await campaignJob(), { now, done: async () => {} });
    expect(first).toEqual({ runAt: new Date(now.getTime() + 60_000) });
    const sentTo = async () =>
      (await newsletters())
        .filter((email) => email.toAddress !== "owner@example.com")
        .map((email) => email.toAddress)
        .sort();
    expect(await sentTo()).toEqual(["reader00@example.com", "reader01@example.com"]);
    const [email] = (await newsletters()).filter((row) => row.toAddress === "reader00@example.com");
    expect(email?.headers).toEqual({
      "List-Unsubscribe": "<http://shop.test/api/newsletter/unsubscribe?token=token-0>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(email?.text).toContain("http://shop.test/newsletter/unsubscribe?token=token-0");

    // The next batch run twice at once (a retry racing the round): each address once.
    const job = await campaignJob();
    await Promise.all([
      handler(2)
        .run(job, { now, done: async () => {} })
        .catch(() => undefined),
      handler(2)
        .run(job, { now, done: async () => {} })
        .catch(() => undefined),
    ]);
    await handler(2).run(job, { now, done: async () => {} });
    expect(await sentTo()).toEqual([0, 1, 2, 3, 4].map((n) => `reader0${n}@example.com`));
    expect((await getCampaign(db(), id)).status).toBe("sent");
    const deliveries = await db()
      .select()
      .from(campaignDeliveries)
      .where(eq(campaignDeliveries.campaignId, id));
    expect(deliveries).toHaveLength(5);

    // One reader leaves by the link; the mail service takes two.
    await unsubscribe(db(), "token-3");
    await db()
      .update(emailOutbox)
      .set({ sentAt: new Date() })
      .where(eq(emailOutbox.toAddress, "reader00@example.com"));
    await db()
      .update(emailOutbox)
      .set({ sentAt: new Date() })
      .where(eq(emailOutbox.toAddress, "reader01@example.com"));
    const [listed] = await listCampaigns(db());
    expect(listed).toMatchObject({
      subject: "Brighter for spring",
      status: "sent",
      recipients: 5,
      sent: 2,
      failed: 0,
      unsubscribed: 1,
    });
  });
});
