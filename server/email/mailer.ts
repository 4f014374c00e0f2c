import { getDb } from "../db/connection";
import type { EmailKind } from "../db/schema/email";
import { env } from "../env";
import { logger } from "../logger";
import { type OutboxWorker, queueEmail, startOutboxWorker } from "./outbox";
import {
  devMailboxTransport,
  type MailTransport,
  type OutgoingEmail,
  smtpTransport,
} from "./transport";

// The process-wide mailer: queue into the outbox, deliver in the background with the transport
// the configuration picks (SMTP_URL, or the dev mailbox).

let worker: OutboxWorker | undefined;

function transportFromEnv(): MailTransport {
  if (env.MAIL_TRANSPORT === "smtp" && env.SMTP_URL)
    return smtpTransport(env.SMTP_URL, env.MAIL_FROM);
  return devMailboxTransport(logger, { printLinks: env.SHOP_MODE === "demo" });
}

/** Queues a message; it is delivered by the background worker, never in the caller's request. */
export async function sendEmail(kind: EmailKind, message: OutgoingEmail): Promise<void> {
  await queueEmail(await getDb(), kind, message);
  worker?.kick();
}

/** Delivers what was queued inside a transaction that has now committed, without waiting for the next round. */
export function deliverQueuedEmailSoon(): void {
  worker?.kick();
}

export async function startEmailDelivery(): Promise<void> {
  worker ??= startOutboxWorker(await getDb(), transportFromEnv(), logger);
}

export async function stopEmailDelivery(): Promise<void> {
  await worker?.stop();
  worker = undefined;
}
