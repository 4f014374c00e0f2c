import { getDb } from "../db/connection";
import { kickJob } from "../jobs/job-kick";
import { queueEmail } from "./outbox";
import type { EmailKind } from "./schema";
import type { OutgoingEmail } from "./transport";

// Sending from a request: the message goes into the outbox and the background job delivers it
// (SMTP_URL, or the dev mailbox), never in the caller's request.

/** Queues a message and asks the job queue to deliver it now. */
export async function sendEmail(kind: EmailKind, message: OutgoingEmail): Promise<void> {
  await queueEmail(await getDb(), kind, message);
  kickJob();
}

/** Delivers what was queued inside a transaction that has now committed, without waiting for the next round. */
export function deliverQueuedEmailSoon(): void {
  kickJob();
}
