import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { ParkedEmail } from "../../common/admin-figures";
import { type Actor, recordAudit } from "../audit/audit-log";
import type { Database } from "../db/database";
import { type EmailKind, emailOutbox } from "../db/schema/email";
import { DomainError } from "../errors";
import { retryDelayMs } from "../jobs/retry-delay";
import type { Logger } from "../logger";
import { emailDeliveries } from "../metrics/metrics";
import type { MailTransport, OutgoingEmail } from "./transport";

// The outbox: messages are written with the request that decides to send them and delivered by a
// background worker. A row is claimed with FOR UPDATE SKIP LOCKED and a lease (leased_until), so
// several instances never send one message twice; a failure is retried with a growing delay. A
// process killed while sending leaves its leases: they lapse after LEASE_MS, or are released at
// once when the embedded database's one process starts again (releaseOutboxLeases). Each message
// carries its row's id as its Message-ID, so the one message a crash can catch between the mail
// server's acceptance and the row's update, sent again, is recognisably the same message.

/** After this many failed attempts a message is marked failed (and stays, for a person to see). */
export const MAX_ATTEMPTS = 10;
const BATCH = 20;
/**
 * A claimed message not reported back within this time (a crash) is tried again: longer than a
 * batch can take (the SMTP transport gives up on a message within a minute).
 */
const LEASE_MS = 2 * 60_000;

export async function queueEmail(
  db: Database,
  kind: EmailKind,
  message: OutgoingEmail,
): Promise<string> {
  const [row] = await db
    .insert(emailOutbox)
    .values({
      kind,
      toAddress: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
    })
    .returning({ id: emailOutbox.id });
  if (!row) throw new Error("the outbox insert returned nothing");
  return row.id;
}

/** Claims the messages due now: each is leased so no other worker takes it meanwhile. */
async function claimDue(db: Database, now: Date) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.status, "pending"),
          lte(emailOutbox.nextAttemptAt, now),
          or(isNull(emailOutbox.leasedUntil), lte(emailOutbox.leasedUntil, now)),
        ),
      )
      .orderBy(asc(emailOutbox.nextAttemptAt))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(emailOutbox)
      .set({ leasedUntil: new Date(now.getTime() + LEASE_MS) })
      .where(
        inArray(
          emailOutbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/** Delivers what is due; returns how many were sent and how many failed this round. */
export async function deliverDueEmails(
  db: Database,
  transport: MailTransport,
  logger: Logger,
  now: Date = new Date(),
): Promise<{ sent: number; failed: number }> {
  const claimed = await claimDue(db, now);
  let sent = 0;
  let failed = 0;
  for (const message of claimed) {
    try {
      await transport.send({
        id: message.id,
        to: message.toAddress,
        subject: message.subject,
        html: message.html,
        text: message.text,
      });
      await db
        .update(emailOutbox)
        .set({
          status: "sent",
          attempts: message.attempts + 1,
          sentAt: new Date(),
          deliveredBy: transport.name,
          lastError: null,
          leasedUntil: null,
        })
        .where(eq(emailOutbox.id, message.id));
      sent++;
      emailDeliveries.inc({ result: "sent" });
    } catch (error) {
      failed++;
      const attempts = message.attempts + 1;
      const giveUp = attempts >= MAX_ATTEMPTS;
      emailDeliveries.inc({ result: giveUp ? "parked" : "failed" });
      const reason = error instanceof Error ? error.message : String(error);
      await db
        .update(emailOutbox)
        .set({
          attempts,
          lastError: reason.slice(0, 1000),
          status: giveUp ? "failed" : "pending",
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
          leasedUntil: null,
        })
        .where(eq(emailOutbox.id, message.id));
      logger.warn(
        { emailId: message.id, kind: message.kind, attempts, giveUp, reason },
        giveUp ? "email failed for good" : "email failed; will retry",
      );
    }
  }
  return { sent, failed };
}

/** The messages parked after MAX_ATTEMPTS failures, newest first: the admin's overview lists them. */
export async function listParkedEmails(db: Database, limit = 20): Promise<ParkedEmail[]> {
  const rows = await db
    .select({
      id: emailOutbox.id,
      kind: emailOutbox.kind,
      toAddress: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .where(eq(emailOutbox.status, "failed"))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/**
 * The admin sends a parked message again (the mail server is fixed): it is due now with a fresh
 * count of attempts, and the audit log says who did it. Only a parked message can be.
 */
export async function retryParkedEmail(db: Database, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(emailOutbox)
      .set({ status: "pending", attempts: 0, nextAttemptAt: new Date(), leasedUntil: null })
      .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, "failed")))
      .returning({ id: emailOutbox.id, kind: emailOutbox.kind });
    if (!row) throw new DomainError("NOT_FOUND", "This email is not waiting to be sent again.");
    await recordAudit(tx, {
      actor,
      action: "email.retried",
      entity: { type: "email", id },
      before: { status: "failed" },
      after: { status: "pending" },
    });
  });
}

/**
 * Releases every lease at once. Only for a database one process uses (PGlite), at its start: the
 * process that held them is gone.
 */
export async function releaseOutboxLeases(db: Database): Promise<number> {
  const released = await db
    .update(emailOutbox)
    .set({ leasedUntil: null })
    .where(isNotNull(emailOutbox.leasedUntil))
    .returning({ id: emailOutbox.id });
  return released.length;
}

/** The newest messages, for the development mailbox. */
export function listMailbox(db: Database, limit = 50) {
  return db
    .select()
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt), desc(sql`${emailOutbox.id}`))
    .limit(limit);
}
