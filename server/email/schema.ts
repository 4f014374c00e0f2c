import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const emailKinds = [
  "verification",
  "password-reset",
  "order-confirmation",
  "order-shipped",
  "review-request",
  "order-cancelled",
  "order-refunded",
  "refund-failed",
  "order-message",
  "newsletter-confirmation",
  "newsletter",
  "return-requested",
  "return-approved",
  "return-rejected",
  "checkout-reminder",
  "back-in-stock",
  "gift-card",
  "staff-invite",
  "email-change",
  "email-changed",
  "email-taken",
] as const;
export type EmailKind = (typeof emailKinds)[number];

/**
 * Every email the shop sends, written in the same request that decides to send it, with the
 * `send-email` job that delivers it in the background with retries (server/email/outbox.ts): a slow
 * or failing mail server never fails a request and never loses a message. The job holds the
 * delivery's attempts and state; the row keeps the message and when and how it went. In demo mode
 * the delivered rows are the dev mailbox.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    kind: text("kind", { enum: emailKinds }).notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    /** Headers of its own: a marketing email's List-Unsubscribe and List-Unsubscribe-Post. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    /** Which transport delivered it: "smtp" or "dev-mailbox". */
    deliveredBy: text("delivered_by"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("email_outbox_created_at_idx").on(table.createdAt)],
);
