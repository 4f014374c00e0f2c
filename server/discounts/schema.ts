import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { discountKinds } from "../../common/discounts/discounts";
import { offerKinds } from "../../common/discounts/offers";
import { users } from "../auth/schema";
import { timestamps } from "../db/columns";
import { orders } from "../orders/schema";

// Discount codes and their uses (server/discounts/; docs/decisions/043). A code's `used_count` is
// the uses claimed by orders still open or paid: a claim is one conditional update, so two
// checkouts racing for the last use cannot both have it; a cancelled or expired order gives its
// use back. An automatic offer (docs/decisions/070) is a row with no code: the checkout applies it
// by itself, and its uses, dates, limits and versions work as a code's.

export const discountCodes = pgTable(
  "discount_codes",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    /** As shoppers type it, kept in capitals: codes are matched whatever the case. Null: an offer. */
    code: text("code"),
    /** An automatic offer's name, shown on orders ("3 for 2 on strips"); null for a code. */
    title: text("title"),
    kind: text("kind", { enum: [...discountKinds, ...offerKinds] }).notNull(),
    /**
     * Percent off the items the code applies to (kind "percent"), or off the units an offer gives
     * (kind "buy_get", 100: free).
     */
    percentOff: integer("percent_off"),
    /** Buy this many of the products, get `get_quantity` more (kind "buy_get"). */
    buyQuantity: integer("buy_quantity"),
    getQuantity: integer("get_quantity"),
    /** Goods over this make one unit of `gift_product_id` free (kind "spend_get"). */
    spendOverPence: integer("spend_over_pence"),
    giftProductId: text("gift_product_id"),
    /** Pence off the items the code applies to, at most their price (kind "fixed"). */
    amountOffPence: integer("amount_off_pence"),
    /** The cart's subtotal must reach this (pence, before any discount). */
    minSpendPence: integer("min_spend_pence"),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** Uses in all, and per customer; null: no limit. */
    usageLimit: integer("usage_limit"),
    perCustomerLimit: integer("per_customer_limit"),
    /** Only these products, or the products of these categories; both empty: the whole cart. */
    productIds: jsonb("product_ids").$type<string[]>().notNull().default([]),
    categoryIds: jsonb("category_ids").$type<string[]>().notNull().default([]),
    active: boolean("active").notNull().default(true),
    usedCount: integer("used_count").notNull().default(0),
    /**
     * Goes up by one with every save from the admin's editor (never with a use claimed): a save
     * made from an older version is refused, and a pending order priced with an older one is
     * priced again before it is paid.
     */
    version: integer("version").notNull().default(1),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("discount_codes_code_idx").on(table.code),
    check(
      "discount_codes_uses_within_limit",
      sql`${table.usedCount} >= 0 and (${table.usageLimit} is null or ${table.usedCount} <= ${table.usageLimit})`,
    ),
    check(
      "discount_codes_amount_of_kind",
      sql`(${table.kind} = 'percent' and ${table.percentOff} between 1 and 100) or (${table.kind} = 'fixed' and ${table.amountOffPence} > 0) or ${table.kind} = 'free_delivery' or (${table.kind} = 'buy_get' and ${table.percentOff} between 1 and 100 and ${table.buyQuantity} >= 1 and ${table.getQuantity} >= 1) or (${table.kind} = 'spend_get' and ${table.spendOverPence} >= 0 and ${table.giftProductId} is not null)`,
    ),
    // A code is typed and takes a code's kinds; an offer has a title instead and an offer's kind.
    check(
      "discount_codes_code_or_offer",
      sql`(${table.code} is not null and ${table.title} is null and ${table.kind} in ('percent', 'fixed', 'free_delivery')) or (${table.code} is null and ${table.title} is not null and ${table.kind} in ('buy_get', 'spend_get'))`,
    ),
  ],
);

/** One order's use of a code; `released_at` is set when the order is cancelled and gives it back. */
export const discountRedemptions = pgTable(
  "discount_redemptions",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    codeId: text("code_id")
      .notNull()
      .references(() => discountCodes.id, { onDelete: "cascade" }),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    releasedAt: timestamp("released_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("discount_redemptions_order_idx").on(table.orderId),
    index("discount_redemptions_held_idx")
      .on(table.codeId, table.userId)
      .where(sql`${table.releasedAt} is null`),
  ],
);
