import { adminActor } from "@server/audit/audit-log";
import { auditLog } from "@server/audit/schema";
import { listMailbox, MAX_ATTEMPTS, queueEmail, sendEmailJob } from "@server/email/outbox";
import { emailOutbox } from "@server/email/schema";
import { type MailTransport, type OutgoingEmail, smtpTransport } from "@server/email/transport";
import {
  LEASE_MS,
  listParkedJobs,
  releaseJobLeases,
  retryParkedJob,
  runDueJobs,
} from "@server/jobs/job-queue";
import { retryDelayMs } from "@server/jobs/retry-delay";
import { jobs } from "@server/jobs/schema";
import { logger } from "@server/logger";
import { parkedJobDescribers } from "@server/start/background-jobs";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dueNow, everyDriver, useTestDatabase } from "../setup/test-database";
import { startSmtpServer } from "../smtp-catcher";

const message: OutgoingEmail = {
  to: "ada@example.com",
  subject: "Confirm your email for Gleam",
  html: "<p>Hello</p>",
  text: "Hello http://shop.test/api/auth/verify-email?token=abc",
};

describe.each(everyDriver)("email outbox on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();
  /** One round of the queue's `send-email` jobs: how many were sent and how many failed. */
  async function deliverDueEmails(through: MailTransport, now: Date) {
    const round = await runDueJobs(
      db(),
      { "send-email": sendEmailJob(db(), through) },
      logger,
      now,
    );
    return { sent: round.done, failed: round.retried + round.parked };
  }
  /** The message's row with its job's state. */
  async function messageState(id: string) {
    const [row] = await db()
      .select({
        status: jobs.status,
        attempts: jobs.attempts,
        lastError: jobs.lastError,
        runAt: jobs.runAt,
        leasedUntil: jobs.leasedUntil,
        deliveredBy: emailOutbox.deliveredBy,
        sentAt: emailOutbox.sentAt,
      })
      .from(emailOutbox)
      .innerJoin(jobs, and(eq(jobs.subjectId, emailOutbox.id), eq(jobs.kind, "send-email")))
      .where(eq(emailOutbox.id, id));
    return row;
  }
  const smtp = startSmtpServer();
  let transport: MailTransport;

  beforeAll(async () => {
    const port = await smtp.ready;
    transport = smtpTransport(
      `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      "Gleam <hello@example.com>",
    );
  });
  afterAll(() => smtp.close());

  it("delivers a queued message through a real SMTP server, once", async () => {
    smtp.refuse(false);
    smtp.received.length = 0;
    const id = await queueEmail(db(), "verification", message);
    expect(await deliverDueEmails(transport, dueNow())).toEqual({
      sent: 1,
      failed: 0,
    });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual(["ada@example.com"]);
    expect(smtp.received[0]?.raw).toContain("Subject: Confirm your email for Gleam");
    expect(await messageState(id)).toMatchObject({
      status: "done",
      attempts: 0,
      deliveredBy: "smtp",
    });
    // Nothing left to send.
    expect(await deliverDueEmails(transport, dueNow())).toEqual({
      sent: 0,
      failed: 0,
    });
    expect(smtp.received).toHaveLength(1);
  });

  it("keeps no gift card's code once its email is delivered by SMTP", async () => {
    smtp.refuse(false);
    smtp.received.length = 0;
    const card = { ...message, subject: "A gift card", text: "Your code: ABCD-EFGH-JKMN-PQRS" };
    const id = await queueEmail(db(), "gift-card", card);
    expect(await deliverDueEmails(transport, dueNow())).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received[0]?.raw).toContain("ABCD-EFGH-JKMN-PQRS");
    const [kept] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(kept?.text).toBe("Delivered. Its body held a gift card's code and is not kept.");
    expect(JSON.stringify(kept)).not.toContain("PQRS");
    // Another kind keeps its body, as the admin's record of what went.
    const other = await queueEmail(db(), "verification", message);
    await deliverDueEmails(transport, dueNow());
    const [verification] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, other));
    expect(verification?.text).toBe(message.text);
  });

  it("keeps a message the server refused and delivers it on a later round", async () => {
    smtp.received.length = 0;
    smtp.refuse(true);
    const id = await queueEmail(db(), "password-reset", message);
    const start = dueNow();
    expect(await deliverDueEmails(transport, start)).toEqual({ sent: 0, failed: 1 });
    const failed = await messageState(id);
    expect(failed).toMatchObject({ status: "queued", attempts: 1, sentAt: null });
    expect(failed?.lastError).toMatch(/451/);
    expect(failed?.runAt.getTime()).toBe(start.getTime() + retryDelayMs(1));

    // Not yet due: nothing is tried.
    expect(await deliverDueEmails(transport, start)).toEqual({ sent: 0, failed: 0 });

    smtp.refuse(false);
    const later = new Date(start.getTime() + retryDelayMs(1) + 1);
    expect(await deliverDueEmails(transport, later)).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(await messageState(id)).toMatchObject({
      status: "done",
      attempts: 1,
      deliveredBy: "smtp",
    });
  });

  it("parks a message after the last attempt for the admin, who sends it again (audited)", async () => {
    const broken: MailTransport = {
      name: "smtp",
      send: async () => {
        throw new Error("550 mailbox unavailable");
      },
    };
    const id = await queueEmail(db(), "order-confirmation", message);
    let now = dueNow();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await deliverDueEmails(broken, now);
      now = new Date(now.getTime() + retryDelayMs(attempt) + 1);
    }
    const parked = await listParkedJobs(db(), parkedJobDescribers);
    expect(parked).toMatchObject([
      {
        kind: "send-email",
        subjectId: id,
        summary: 'Email "Confirm your email for Gleam" to ada@example.com',
        attempts: MAX_ATTEMPTS,
        lastError: "550 mailbox unavailable",
      },
    ]);
    const jobId = parked[0]?.id ?? "";
    // Nothing more is tried by itself.
    expect(await deliverDueEmails(transport, now)).toEqual({ sent: 0, failed: 0 });

    const admin = adminActor("admin-1");
    await retryParkedJob(db(), admin, jobId);
    expect(await listParkedJobs(db(), parkedJobDescribers)).toEqual([]);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.entityId, jobId));
    expect(audit).toMatchObject({
      action: "job.retried",
      actorType: "admin",
      actorId: "admin-1",
    });
    // Only a parked message can be sent again: twice is refused, and changes nothing.
    await expect(retryParkedJob(db(), admin, jobId)).rejects.toThrow(/not waiting/);
    smtp.refuse(false);
    smtp.received.length = 0;
    expect(await deliverDueEmails(transport, dueNow())).toEqual({
      sent: 1,
      failed: 0,
    });
    expect(smtp.received).toHaveLength(1);
  });

  it("parks a message's job after the last attempt, and keeps the message", async () => {
    const broken: MailTransport = {
      name: "smtp",
      send: async () => {
        throw new Error("connection refused");
      },
    };
    const id = await queueEmail(db(), "verification", message);
    let now = dueNow();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await deliverDueEmails(broken, now);
      now = new Date(now.getTime() + retryDelayMs(attempt) + 1);
    }
    expect(await messageState(id)).toMatchObject({
      status: "parked",
      attempts: MAX_ATTEMPTS,
      sentAt: null,
    });
    expect(await listMailbox(db())).toHaveLength(1);
  });

  it("never hands one message to two workers at once", async () => {
    let sends = 0;
    const slow: MailTransport = {
      name: "dev-mailbox",
      send: async () => {
        sends++;
        await new Promise((resolve) => setTimeout(resolve, 50));
      },
    };
    await queueEmail(db(), "verification", message);
    const rounds = await Promise.all([
      deliverDueEmails(slow, dueNow()),
      deliverDueEmails(slow, dueNow()),
    ]);
    expect(sends).toBe(1);
    expect(rounds.reduce((total, round) => total + round.sent, 0)).toBe(1);
  });

  it("leaves a message a crash caught mid-send until its lease lapses or is released, and sends it with the same Message-ID", async () => {
    smtp.refuse(false);
    smtp.received.length = 0;
    // A process that claims the message and never reports back (killed while sending).
    const crashed: MailTransport = { name: "smtp", send: () => new Promise(() => {}) };
    const id = await queueEmail(db(), "order-confirmation", message);
    const start = dueNow();
    void deliverDueEmails(crashed, start);
    await expect.poll(async () => (await messageState(id))?.leasedUntil).toBeTruthy();
    // Another worker leaves it alone while the lease runs...
    const soon = new Date(start.getTime() + 60_000);
    expect(await deliverDueEmails(transport, soon)).toEqual({ sent: 0, failed: 0 });
    // ...and the process that starts again on the embedded database releases it at once.
    expect(await releaseJobLeases(db())).toBe(1);
    expect(await deliverDueEmails(transport, soon)).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.raw).toContain(`Message-ID: <${id}@example.com>`);
    expect(await messageState(id)).toMatchObject({ status: "done", leasedUntil: null });

    // On PostgreSQL nobody releases it: the lease lapses.
    const other = await queueEmail(db(), "order-confirmation", message);
    const claimedAt = dueNow();
    void deliverDueEmails(crashed, claimedAt);
    await expect.poll(async () => (await messageState(other))?.leasedUntil).toBeTruthy();
    const stillLeased = new Date(claimedAt.getTime() + 60_000);
    expect(await deliverDueEmails(transport, stillLeased)).toEqual({
      sent: 0,
      failed: 0,
    });
    const lapsed = new Date(claimedAt.getTime() + LEASE_MS + 1);
    expect(await deliverDueEmails(transport, lapsed)).toEqual({ sent: 1, failed: 0 });
  });
});
