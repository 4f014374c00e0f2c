import { and, asc, eq, sql } from "drizzle-orm";
import type { OrderHistoryEntry } from "../../common/orders/order-types";
import { users } from "../auth/schema";
import type { Database } from "../db/database";
import { auditLog } from "./schema";

// The audit log read back: the history the admin's order and product pages show.

/** An entity's history, oldest first, with the names of the people who made each change. */
export function entityHistory(
  db: Database,
  entity: { type: string; id: string },
): Promise<OrderHistoryEntry[]> {
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      actorType: auditLog.actorType,
      actorName: sql<string>`coalesce(${users.name}, ${auditLog.actorId})`,
      reason: auditLog.reason,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(
      users,
      and(sql`${auditLog.actorType} in ('admin', 'customer')`, eq(users.id, auditLog.actorId)),
    )
    .where(and(eq(auditLog.entityType, entity.type), eq(auditLog.entityId, entity.id)))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
}
