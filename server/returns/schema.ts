import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "../auth/schema";
import { orderItems, orders } from "../orders/schema";

// Returns (docs/decisions/047-returns.md): a customer asks to send back items of a delivered order
// within the shop's window; the admin approves or rejects it; once the parcel is back the admin
// marks it received, which refunds it through the order's one refund path (the refund row names
// the return). One return open per order at a time; the units of every return not rejected
// count against what the order bought, so nothing is returned twice.

export const returnStatuses = ["requested", "approved", "rejected", "received"] as const;
export type ReturnStatus = (typeof returnStatuses)[number];

/** The return's reference for people (R-1001), written on the parcel. */
export const returnNumbers = pgSequence("return_numbers", { startWith: 1001 });

export const returns = pgTable(
  "returns",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    number: integer("number").notNull().default(sql`nextval('return_numbers')`),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** Who asked; empty once they deleted their account (the return stays with the order). */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: returnStatuses }).notNull().default("requested"),
    /** One of the shop's reasons, as it read when chosen. */
    reason: text("reason").notNull(),
    /** The customer's own words, if any. */
    details: text("details"),
    /** What the admin told the customer on approving or rejecting. */
    adminMessage: text("admin_message"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    receivedAt: timestamp("received_at", { withTimezone: true }),
    /** The refund asked for on receipt: the items' value, and the delivery with it or not. */
    refundPence: integer("refund_pence"),
    includesDelivery: boolean("includes_delivery"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    index("returns_order_id_idx").on(table.orderId),
    uniqueIndex("returns_number_idx").on(table.number),
    // One open return per order: a second waits for the first's answer.
    uniqueIndex("returns_one_open_per_order_idx")
      .on(table.orderId)
      .where(sql`${table.status} in ('requested', 'approved')`),
    // The admin's list of returns to answer or to receive.
    index("returns_open_idx")
      .on(table.createdAt)
      .where(sql`${table.status} in ('requested', 'approved')`),
  ],
);

export const returnItems = pgTable(
  "return_items",
  {
    returnId: text("return_id")
      .notNull()
      .references(() => returns.id, { onDelete: "cascade" }),
    orderItemId: text("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.returnId, table.orderItemId] }),
    index("return_items_order_item_id_idx").on(table.orderItemId),
    check("return_items_quantity_positive", sql`${table.quantity} > 0`),
  ],
);
