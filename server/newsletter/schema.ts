import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "../auth/schema";
import { products } from "../catalog/schema";
import { timestamps } from "../db/columns";

export const subscriberStatuses = ["pending", "subscribed", "unsubscribed"] as const;
export type SubscriberStatus = (typeof subscriberStatuses)[number];

/**
 * The newsletter's list (docs/decisions/045-newsletter-double-opt-in.md): one row per address,
 * `pending` until its owner confirms by the emailed link, `subscribed` then, `unsubscribed` after
 * the link in any marketing email. It keeps the proof of consent the UK GDPR asks for: when, on
 * which page and with which words the address was given, and when it was confirmed. The token is
 * the link's key (confirm and unsubscribe), a new one at each sign-up.
 */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    /** Lower-cased: one row per mailbox. */
    email: text("email").notNull(),
    status: text("status", { enum: subscriberStatuses }).notNull().default("pending"),
    token: text("token").notNull(),
    /** The account with that address when it signed up or confirmed, if any. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The shop's path the form was sent from. */
    sourcePage: text("source_page").notNull(),
    /** The words beside the form the address was given under. */
    consentText: text("consent_text").notNull(),
    /** The last sign-up, and the confirmation email it sent. */
    signedUpAt: timestamp("signed_up_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("newsletter_subscribers_email_idx").on(table.email),
    uniqueIndex("newsletter_subscribers_token_idx").on(table.token),
    index("newsletter_subscribers_status_idx").on(table.status, table.confirmedAt),
    index("newsletter_subscribers_user_id_idx")
      .on(table.userId)
      .where(sql`${table.userId} is not null`),
  ],
);

export const campaignStatuses = ["draft", "sending", "sent"] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];

/**
 * The newsletter's campaigns (server/newsletter/campaigns.ts; docs/admin.md#newsletter-campaigns):
 * written as drafts, then sent once to every confirmed subscriber by the `send-campaign` job, a
 * batch a minute at the owner's rate. The body is sanitised HTML; the product block names one
 * product, rendered as it is when each batch goes.
 */
export const newsletterCampaigns = pgTable("newsletter_campaigns", {
  id: text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID()),
  subject: text("subject").notNull(),
  bodyHtml: text("body_html").notNull(),
  /** The product shown as a block under the text, if any. */
  productId: text("product_id").references(() => products.id, { onDelete: "set null" }),
  status: text("status", { enum: campaignStatuses }).notNull().default("draft"),
  /** Goes up with every save: a save from an older version is refused. */
  version: integer("version").notNull().default(1),
  createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  /** When the admin pressed Send, and when its last batch went. */
  sendingAt: timestamp("sending_at", { withTimezone: true }),
  sentAt: timestamp("sent_at", { withTimezone: true }),
  ...timestamps,
});

/**
 * One campaign's email to one address: the unique index is the rule that no address gets a
 * campaign twice, whatever batches, retries or instances run.
 */
export const campaignDeliveries = pgTable(
  "campaign_deliveries",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    campaignId: text("campaign_id")
      .notNull()
      .references(() => newsletterCampaigns.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    /** The message in the outbox (its sending and failure are the outbox's and the job's). */
    outboxId: text("outbox_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("campaign_deliveries_address_idx").on(table.campaignId, table.email)],
);
