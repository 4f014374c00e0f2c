import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamps } from "../db/columns";

/**
 * Every kind of background work the shop does (docs/architecture.md#background-jobs):
 * - `send-email`: hand an outbox message to the mail server (subject: the email_outbox row);
 * - `cancel-intent`: cancel the provider's intent of a cancelled order (subject: the order);
 * - `refund-late-payment`: give back money that arrived for a cancelled order (subject: the order);
 * - `finish-refund`: ask the provider again about a refund it has not answered (subject: the refund);
 * - `expire-order`: cancel an order left unpaid and put its stock back (subject: the order);
 * - `remind-checkout`: remind a customer who agreed to marketing of the order they left unpaid
 *   (subject: the order);
 * - `purge-cache`: tell the shared cache in front which pages a change touched (subject: a fresh
 *   id per change; payload: the tags);
 * - `notify-stock-alerts`: email those waiting for a variant that units came back to (subject: a
 *   fresh id per return; payload: the variant and the units);
 * - `send-campaign`: send a newsletter campaign's next batch (subject: the campaign);
 * - `send-gift-card`: email a gift card to the person it is for, on its day (subject: the card);
 * - `import-products`: apply a product CSV, a slice at a time (subject: the product import).
 */
export const jobKinds = [
  "send-email",
  "cancel-intent",
  "refund-late-payment",
  "finish-refund",
  "expire-order",
  "remind-checkout",
  "purge-cache",
  "request-review",
  "notify-stock-alerts",
  "send-campaign",
  "send-gift-card",
  "import-products",
] as const;
export type JobKind = (typeof jobKinds)[number];

/** queued: waiting for `run_at`; done: finished; parked: gave up, for a person to look at. */
export const jobStatuses = ["queued", "done", "parked"] as const;
export type JobStatus = (typeof jobStatuses)[number];

/**
 * The one durable job queue (server/jobs/job-queue.ts). A job is written in the transaction of the
 * change that needs it, so the change never happens without its follow-up; one job per kind and
 * subject, so asking twice is harmless.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    kind: text("kind", { enum: jobKinds }).notNull(),
    subjectId: text("subject_id").notNull(),
    /** What the handler needs besides the subject (a payment's provider and intent). */
    payload: jsonb("payload").$type<Record<string, string>>().notNull().default({}),
    status: text("status", { enum: jobStatuses }).notNull().default("queued"),
    /** Failed attempts since it was queued (or last sent back by the admin). */
    attempts: integer("attempts").notNull().default(0),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set while a process runs the job: no other takes it until then. A process that crashed
     * leaves it set; it lapses (PostgreSQL) or is released at the next start (PGlite, whose one
     * process was the only one running jobs).
     */
    leasedUntil: timestamp("leased_until", { withTimezone: true }),
    lastError: text("last_error"),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("jobs_kind_subject_idx").on(table.kind, table.subjectId),
    index("jobs_due_idx").on(table.runAt).where(sql`status = 'queued'`),
    index("jobs_parked_idx").on(table.updatedAt).where(sql`status = 'parked'`),
  ],
);
