import { adminActor } from "@server/audit/audit-log";
import { auditLog } from "@server/db/schema/audit";
import { emailOutbox } from "@server/db/schema/email";
import {
  deliverDueEmails,
  listMailbox,
  listParkedEmails,
  MAX_ATTEMPTS,
  queueEmail,
  releaseOutboxLeases,
  retryParkedEmail,
} from "@server/email/outbox";
import { type MailTransport, type OutgoingEmail, smtpTransport } from "@server/email/transport";
import { retryDelayMs } from "@server/jobs/retry-delay";
import { logger } from "@server/logger";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dueNow, testDrivers, useTestDatabase } from "../setup/test-database";
import { startSmtpServer } from "../smtp-catcher";

const message: OutgoingEmail = {
  to: "ada@example.com",
  subject: "Confirm your email for Gleam",
  html: "<p>Hello</p>",
  text: "Hello http://shop.test/api/auth/verify-email?token=abc",
};

describe.each(testDrivers)("email outbox on %s", (driver) => {
  const database = useTestDatabase(driver);
  const db = () => database.db();
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
    expect(await deliverDueEmails(db(), transport, logger, dueNow())).toEqual({
      sent: 1,
      failed: 0,
    });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual(["ada@example.com"]);
    expect(smtp.received[0]?.raw).toContain("Subject: Confirm your email for Gleam");
    const [row] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: "sent", attempts: 1, deliveredBy: "smtp" });
    // Nothing left to send.
    expect(await deliverDueEmails(db(), transport, logger, dueNow())).toEqual({
      sent: 0,
      failed: 0,
    });
    expect(smtp.received).toHaveLength(1);
  });

  it("keeps a message the server refused and delivers it on a later round", async () => {
    smtp.received.length = 0;
    smtp.refuse(true);
    const id = await queueEmail(db(), "password-reset", message);
    const start = dueNow();
    expect(await deliverDueEmails(db(), transport, logger, start)).toEqual({ sent: 0, failed: 1 });
    const [failed] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(failed).toMatchObject({ status: "pending", attempts: 1 });
    expect(failed?.lastError).toMatch(/451/);
    expect(failed?.nextAttemptAt.getTime()).toBe(start.getTime() + retryDelayMs(1));

    // Not yet due: nothing is tried.
    expect(await deliverDueEmails(db(), transport, logger, start)).toEqual({ sent: 0, failed: 0 });

    smtp.refuse(false);
    const later = new Date(start.getTime() + retryDelayMs(1) + 1);
    expect(await deliverDueEmails(db(), transport, logger, later)).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const [sent] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(sent).toMatchObject({ status: "sent", attempts: 2 });
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
      await deliverDueEmails(db(), broken, logger, now);
      now = new Date(now.getTime() + retryDelayMs(attempt) + 1);
    }
    const parked = await listParkedEmails(db());
    expect(parked).toMatchObject([
      {
        id,
        toAddress: "ada@example.com",
        attempts: MAX_ATTEMPTS,
        lastError: "550 mailbox unavailable",
      },
    ]);
    // Nothing more is tried by itself.
    expect(await deliverDueEmails(db(), transport, logger, now)).toEqual({ sent: 0, failed: 0 });

    const admin = adminActor("admin-1");
    await retryParkedEmail(db(), admin, id);
    expect(await listParkedEmails(db())).toEqual([]);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit).toMatchObject({
      action: "email.retried",
      actorType: "admin",
      actorId: "admin-1",
    });
    // Only a parked message can be sent again: twice is refused, and changes nothing.
    await expect(retryParkedEmail(db(), admin, id)).rejects.toThrow(/not waiting/);
    smtp.refuse(false);
    smtp.received.length = 0;
    expect(await deliverDueEmails(db(), transport, logger, dueNow())).toEqual({
      sent: 1,
      failed: 0,
    });
    expect(smtp.received).toHaveLength(1);
  });

  it("marks a message failed after the last attempt, and keeps it", async () => {
    const broken: MailTransport = {
      name: "smtp",
      send: async () => {
        throw new Error("connection refused");
      },
    };
    const id = await queueEmail(db(), "verification", message);
    let now = dueNow();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await deliverDueEmails(db(), broken, logger, now);
      now = new Date(now.getTime() + retryDelayMs(attempt) + 1);
    }
    const [row] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
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
      deliverDueEmails(db(), slow, logger, dueNow()),
      deliverDueEmails(db(), slow, logger, dueNow()),
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
    void deliverDueEmails(db(), crashed, logger, start);
    await expect
      .poll(async () => (await db().select().from(emailOutbox))[0]?.leasedUntil)
      .toBeTruthy();
    // Another worker leaves it alone while the lease runs...
    const soon = new Date(start.getTime() + 60_000);
    expect(await deliverDueEmails(db(), transport, logger, soon)).toEqual({ sent: 0, failed: 0 });
    // ...and the process that starts again on the embedded database releases it at once.
    expect(await releaseOutboxLeases(db())).toBe(1);
    expect(await deliverDueEmails(db(), transport, logger, soon)).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.raw).toContain(`Message-ID: <${id}@example.com>`);
    const [row] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: "sent", leasedUntil: null });

    // On PostgreSQL nobody releases it: the lease lapses after two minutes.
    const other = await queueEmail(db(), "order-confirmation", message);
    const claimedAt = dueNow();
    void deliverDueEmails(db(), crashed, logger, claimedAt);
    await expect
      .poll(
        async () =>
          (await db().select().from(emailOutbox).where(eq(emailOutbox.id, other)))[0]?.leasedUntil,
      )
      .toBeTruthy();
    const stillLeased = new Date(claimedAt.getTime() + 60_000);
    expect(await deliverDueEmails(db(), transport, logger, stillLeased)).toEqual({
      sent: 0,
      failed: 0,
    });
    const lapsed = new Date(claimedAt.getTime() + 2 * 60_000 + 1);
    expect(await deliverDueEmails(db(), transport, logger, lapsed)).toEqual({ sent: 1, failed: 0 });
  });
});
