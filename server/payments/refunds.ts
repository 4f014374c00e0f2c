import { and, eq } from "drizzle-orm";
import type { Database } from "../db/database";
import { enqueueJob } from "../jobs/job-queue";
import { type PaymentProvider, PaymentProviderError } from "./provider";
import { refunds } from "./schema";

// The payment domain's part of a refund (docs/architecture.md#money-flow): its row and the
// provider's call. Each refund is a row written `pending` before the provider is asked; its id is
// the provider's idempotency key, so a refund asked again after a crash or a timeout is never
// made twice. The order's part (which refund an order allows, what the money does to it) is the
// order domain's, which calls these (server/orders/order-refunds.ts); this domain never changes
// an order.

export type ProviderLookup = (name: string) => PaymentProvider | null;

export type RefundRow = typeof refunds.$inferSelect;

/** A pending refund is asked about again this long after it was written: its request is over. */
export const STALE_AFTER_MS = 5 * 60_000;
/**
 * Stripe keeps an idempotency key for 24 hours: asked again after that, it would make a second
 * refund. Older unfinished refunds are left to the admin, who records what the provider did.
 */
export const RETRY_WITHIN_MS = 23 * 60 * 60_000;

const UNCONFIRMED =
  "The payment provider has not confirmed this refund for 23 hours, and the shop no longer asks. Check it in the provider's dashboard, then record whether it was made.";

/**
 * Writes a refund `pending` in the caller's transaction, with its `finish-refund` follow-up
 * should the provider's answer never come (a timeout, a crash): finished by then, the job finds
 * nothing to do.
 */
export async function openRefund(
  tx: Database,
  values: typeof refunds.$inferInsert,
): Promise<RefundRow> {
  const [row] = await tx.insert(refunds).values(values).returning();
  if (!row) throw new Error("the refund insert returned nothing");
  await enqueueJob(tx, {
    kind: "finish-refund",
    subjectId: row.id,
    runAt: new Date(Date.now() + STALE_AFTER_MS),
  });
  return row;
}

/**
 * Asks the refund's provider to give its part back (the amount less what goes back to a gift
 * card; nothing to ask when that is all); the row's id is the idempotency key.
 */
export async function askProvider(
  providerFor: ProviderLookup,
  row: RefundRow,
  intentId: string | null,
) {
  const pence = row.amountPence - row.giftCardPence;
  if (pence <= 0) return;
  const provider = providerFor(row.provider);
  if (!provider) {
    throw new PaymentProviderError(`The ${row.provider} payment provider is not configured here.`);
  }
  if (!intentId) throw new PaymentProviderError("This order has no payment to refund.");
  await provider.refundIntent(intentId, `refund-${row.id}`, pence);
}

/** The provider refused, or the admin recorded it was not made: nothing was given back. */
export function failRefund(db: Database, id: string, message: string) {
  return db
    .update(refunds)
    .set({ status: "failed", error: message, attention: null })
    .where(and(eq(refunds.id, id), eq(refunds.status, "pending")));
}

/** The provider made it: true once, for whoever settles it first (the request or its job). */
export async function markRefundMade(tx: Database, id: string): Promise<boolean> {
  const [settled] = await tx
    .update(refunds)
    .set({ status: "succeeded", error: null })
    .where(and(eq(refunds.id, id), eq(refunds.status, "pending")))
    .returning({ id: refunds.id });
  return settled !== undefined;
}

/** What the admin must look at about a refund, or null once they have. */
export async function setRefundAttention(
  tx: Database,
  id: string,
  attention: string | null,
): Promise<void> {
  await tx.update(refunds).set({ attention }).where(eq(refunds.id, id));
}

/** Past the provider's memory of keys: left to the admin, who records what the provider did. */
export async function leaveRefundToAdmin(db: Database, id: string): Promise<void> {
  await db
    .update(refunds)
    .set({ attention: UNCONFIRMED })
    .where(and(eq(refunds.id, id), eq(refunds.status, "pending")));
}
