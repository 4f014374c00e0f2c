import { index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "../auth/schema";
import { timestamps } from "../db/columns";

/**
 * The shop's own words about a customer (docs/admin.md, Customers): one note the admins keep,
 * never shown to the customer. A table of its own, not a column of `users`, so the auth library's
 * reads of the user never carry it. It goes with the account.
 */
export const customerNotes = pgTable("customer_notes", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  note: text("note").notNull(),
  ...timestamps,
});

// A customer's address book (docs/storefront.md, Checkout): the UK delivery addresses they paid
// to, newest use first, a few at most (server/customers/address-book.ts). One row per customer,
// first line and postcode; deleting the account takes them with it.
export const addresses = pgTable(
  "addresses",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    line1: text("line1").notNull(),
    line2: text("line2").notNull().default(""),
    town: text("town").notNull(),
    /** Normalised: upper case, one space before the inward code ("SW1A 1AA"). */
    postcode: text("postcode").notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("addresses_user_id_line1_postcode_idx").on(
      table.userId,
      table.line1,
      table.postcode,
    ),
    index("addresses_user_id_last_used_at_idx").on(table.userId, table.lastUsedAt),
  ],
);
