import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const emailKinds = [
  "verification",
  "password-reset",
  "order-confirmation",
  "order-shipped",
  "review-request",
  "order-cancelled",
  "order-refunded",
  "refund-failed",
] as const;
export type EmailKind = (typeof emailKinds)[number];

export const emailStatuses = ["pending", "sent", "failed"] as const;

/**
 * Every email the shop sends, written in the same request that decides to send it and delivered
 * in the background with retries (server/email/outbox.ts): a slow or failing mail server never
 * fails a request and never loses a message. In demo mode the delivered rows are the dev mailbox.
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
    status: text("status", { enum: emailStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set while a process is handing the message to the mail server: no other takes it until
     * then. A process that crashed leaves it set; it lapses (PostgreSQL) or is released at the
     * next start (PGlite, whose one process was the only one sending).
     */
    leasedUntil: timestamp("leased_until", { withTimezone: true }),
    lastError: text("last_error"),
    /** Which transport delivered it: "smtp" or "dev-mailbox". */
    deliveredBy: text("delivered_by"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("email_outbox_due_idx").on(table.status, table.nextAttemptAt),
    index("email_outbox_created_at_idx").on(table.createdAt),
  ],
);
