import { bigint, integer, pgTable, text } from "drizzle-orm/pg-core";

/**
 * Attempt counters, in the database so every instance shares them: the shop's own
 * (./attempt-counter.ts) and better-auth's, which server/auth/auth.ts hands this table to. The
 * auth library's writes are the one writer outside this domain (docs/decisions/061-a-domain-in-one-place.md).
 */
export const rateLimits = pgTable("rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});
