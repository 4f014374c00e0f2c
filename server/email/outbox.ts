import { randomUUID } from "node:crypto";
import { desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { type DescribeJobs, enqueueJob, type JobHandler } from "../jobs/job-queue";
import { type EmailKind, emailOutbox } from "./schema";
import type { MailTransport, OutgoingEmail } from "./transport";

// The outbox: a message is written with the request that decides to send it, with its `send-email`
// job (server/jobs/job-queue.ts), which hands it to the mail server in the background: the queue
// claims it with a lease so several instances never send one message twice, retries a failure
// with a growing delay and parks it after MAX_ATTEMPTS, for the admin to send again. Each message
// carries its row's id as its Message-ID, so the one message a crash can catch between the mail
// server's acceptance and the job's update, sent again, is recognisably the same message.

/** After this many failed attempts a message's job is parked (and stays, for a person to see). */
export const MAX_ATTEMPTS = 10;

/** Writes the message and its `send-email` job in one statement (in the caller's transaction, if any). */
export async function queueEmail(
  db: Database,
  kind: EmailKind,
  message: OutgoingEmail,
): Promise<string> {
  const id = randomUUID();
  const written = db.$with("written").as(
    db.insert(emailOutbox).values({
      id,
      kind,
      toAddress: message.to,
      subject: message.subject,
      html: message.html,
      text: message.text,
      headers: message.headers ?? null,
    }),
  );
  await enqueueJob(db, { kind: "send-email", subjectId: id }, [written]);
  return id;
}

/**
 * Emails whose body holds what must not be kept once it is delivered: a gift card's code, which
 * is money until spent (docs/decisions/079-gift-card-codes-hashed.md). Sent by SMTP, their body
 * is replaced by this note; the dev mailbox (demo mode, nothing of value) keeps it to be read.
 */
const BODY_NOT_KEPT: readonly EmailKind[] = ["gift-card"];
const BODY_DROPPED = "Delivered. Its body held a gift card's code and is not kept.";

/** The `send-email` job: hands its message to the transport and records when and how it went. */
export function sendEmailJob(db: Database, transport: MailTransport): JobHandler {
  return {
    maxAttempts: MAX_ATTEMPTS,
    async run(job) {
      const [message] = await db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.id, job.subjectId));
      // Sent already (a crash came between the mail server's answer and the job's), or gone.
      if (!message || message.sentAt) return;
      await transport.send({
        id: message.id,
        to: message.toAddress,
        subject: message.subject,
        html: message.html,
        text: message.text,
        ...(message.headers ? { headers: message.headers } : {}),
      });
      // Recorded as sent on its own: should the queue's "done" not follow (a crash), the job runs
      // again, finds the message sent and stops there.
      await db
        .update(emailOutbox)
        .set({
          sentAt: new Date(),
          deliveredBy: transport.name,
          ...(transport.name === "smtp" && BODY_NOT_KEPT.includes(message.kind)
            ? { html: `<p>${BODY_DROPPED}</p>`, text: BODY_DROPPED }
            : {}),
        })
        .where(eq(emailOutbox.id, message.id));
      return;
    },
  };
}

/** What the admin reads about parked `send-email` jobs: the message and its address. */
export const describeEmailJobs: DescribeJobs = async (db, parked) => {
  {
    const rows = await db
      .select({ id: emailOutbox.id, to: emailOutbox.toAddress, subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(
        inArray(
          emailOutbox.id,
          parked.map((job) => job.subjectId),
        ),
      );
    const bySubject = new Map(rows.map((row) => [row.id, row]));
    return new Map(
      parked.map((job) => {
        const message = bySubject.get(job.subjectId);
        return [
          job.id,
          message ? `Email "${message.subject}" to ${message.to}` : "An email no longer kept",
        ];
      }),
    );
  }
};

/** The newest messages, for the development mailbox. */
export function listMailbox(db: Database, limit = 50) {
  return db
    .select()
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt), desc(sql`${emailOutbox.id}`))
    .limit(limit);
}
