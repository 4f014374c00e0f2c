import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// Who changed what, and when (docs/architecture.md#data): every order transition, stock change made by a person
// and, later, every admin action writes one row in the same transaction as the change itself, so
// a change and its record stand or fall together. Rows are only ever inserted.

export const actorTypes = ["customer", "admin", "provider", "system"] as const;
export type ActorType = (typeof actorTypes)[number];

export const auditLog = pgTable(
  "audit_log",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    actorType: text("actor_type", { enum: actorTypes }).notNull(),
    /** The user's id (customer, admin), the provider's name, or the job's name (system). */
    actorId: text("actor_id").notNull(),
    /** What happened, as `entity.verb`: `order.paid`, `order.cancelled`, `stock.adjusted`. */
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    /** The changed fields before and after; never personal data that the change removed. */
    before: jsonb("before"),
    after: jsonb("after"),
    reason: text("reason"),
    /** The moment of the change itself (not its transaction's start): rows of one transaction keep their order. */
    createdAt: timestamp("created_at", { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (table) => [
    index("audit_log_entity_idx").on(table.entityType, table.entityId, table.createdAt),
    index("audit_log_created_at_idx").on(table.createdAt),
  ],
);
