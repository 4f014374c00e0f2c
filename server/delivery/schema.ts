import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamps } from "../db/columns";

// The ways an order can travel (server/delivery/delivery-methods.ts; docs/decisions/042). One row
// is the standard delivery: its price and free-over threshold are the shop's settings (what the
// announcement bar and the shipping page promise), so its own two columns stay empty. Every other
// method carries its own price and, if it has one, its threshold.

export const deliveryMethods = pgTable(
  "delivery_methods",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    name: text("name").notNull(),
    /** The standard delivery: always on offer, priced by the settings. One row at most. */
    standard: boolean("standard").notNull().default(false),
    /** Null on the standard delivery (the settings' rate); pence, VAT included, otherwise. */
    pricePence: integer("price_pence"),
    /** Orders over this, after discounts, travel free; null: never free (or the standard's). */
    freeOverPence: integer("free_over_pence"),
    /** Working days from dispatch to the door, at the soonest and at the latest. */
    minWorkingDays: integer("min_working_days").notNull(),
    maxWorkingDays: integer("max_working_days").notNull(),
    /** Orders paid before this time (minutes after midnight, UK time) on a working day leave that day. */
    cutoffMinutes: integer("cutoff_minutes").notNull(),
    active: boolean("active").notNull().default(true),
    position: integer("position").notNull().default(0),
    /**
     * Goes up by one with every save from the admin's editor: a save made from an older version
     * is refused, and a pending order priced with an older one is priced again before it is paid.
     */
    version: integer("version").notNull().default(1),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("delivery_methods_one_standard_idx")
      .on(table.standard)
      .where(sql`${table.standard}`),
    check(
      "delivery_methods_standard_priced_by_settings",
      sql`(${table.standard} and ${table.pricePence} is null and ${table.freeOverPence} is null and ${table.active}) or (not ${table.standard} and ${table.pricePence} is not null)`,
    ),
    check(
      "delivery_methods_figures",
      sql`coalesce(${table.pricePence}, 0) >= 0 and coalesce(${table.freeOverPence}, 0) >= 0 and ${table.minWorkingDays} >= 1 and ${table.maxWorkingDays} >= ${table.minWorkingDays} and ${table.cutoffMinutes} between 0 and 1439`,
    ),
  ],
);
