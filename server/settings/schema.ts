import { integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// The shop's settings as the admin saved them (server/settings/shop-settings.ts reads and writes
// them; the environment gives the defaults for anything not saved). One row, key 'shop'.

export const shopSettings = pgTable("shop_settings", {
  key: text("key").primaryKey(),
  /** The saved values, checked on read: a field that no longer passes falls back to its default. */
  value: jsonb("value").notNull(),
  updatedBy: text("updated_by"),
  /** Goes up by one with every save: a save made from an older one is refused (no row: 0). */
  version: integer("version").notNull().default(1),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
