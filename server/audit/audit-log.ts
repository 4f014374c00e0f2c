import type { Database } from "../db/database";
import type { ProviderName } from "../orders/schema";
import { type ActorType, auditLog } from "./schema";

// The audit log's one writer. A change and its row are written in the same transaction: the
// caller passes its transaction handle.

/** Who made a change: a signed-in person, the payment provider, or one of the shop's own jobs. */
export type Actor =
  | { type: "customer" | "admin"; id: string }
  | { type: "provider"; id: ProviderName }
  | { type: "system"; id: string };

export const customerActor = (userId: string): Actor => ({ type: "customer", id: userId });
export const adminActor = (userId: string): Actor => ({ type: "admin", id: userId });
export const providerActor = (provider: ProviderName): Actor => ({
  type: "provider",
  id: provider,
});
/** A rule the shop applies by itself, named after it: `order-expiry`, `decline-limit`. */
export const systemActor = (job: string): Actor => ({ type: "system", id: job });

export type AuditEntry = {
  actor: Actor;
  action: string;
  entity: { type: string; id: string };
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string | null;
};

export async function recordAudit(tx: Database, entry: AuditEntry): Promise<void> {
  await auditInsert(tx, entry);
}

/**
 * The audit row's insert, not yet run: for a change that writes it in the same statement as
 * itself (a common table expression), one round trip instead of two.
 */
export function auditInsert(tx: Database, entry: AuditEntry) {
  return tx.insert(auditLog).values({
    actorType: entry.actor.type satisfies ActorType,
    actorId: entry.actor.id,
    action: entry.action,
    entityType: entry.entity.type,
    entityId: entry.entity.id,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
  });
}
