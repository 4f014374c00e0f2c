import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "../auth/schema";
import { productVariants } from "../catalog/schema";
import { timestamps } from "../db/columns";

/**
 * Back-in-stock alerts (server/stock-alerts/; docs/storefront.md#back-in-stock-alerts): an address
 * that asked to hear when a sold-out variant is back, waiting until `notified_at` says its one
 * email went. One waiting alert per address and variant; an account's go with the account.
 */
export const stockAlerts = pgTable(
  "stock_alerts",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    variantId: text("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    /** Lower-cased: one waiting alert per mailbox. */
    email: text("email").notNull(),
    /** The signed-in customer who asked, if any. */
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("stock_alerts_waiting_idx")
      .on(table.variantId, table.email)
      .where(sql`${table.notifiedAt} is null`),
    index("stock_alerts_queue_idx")
      .on(table.variantId, table.createdAt)
      .where(sql`${table.notifiedAt} is null`),
    index("stock_alerts_user_id_idx").on(table.userId).where(sql`${table.userId} is not null`),
  ],
);
