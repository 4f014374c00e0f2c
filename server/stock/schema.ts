import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { actorTypes } from "../audit/schema";
import { productVariants } from "../catalog/schema";
import { orders } from "../orders/schema";

// Every change to a variant's stock, one row each (server/stock/stock-service.ts writes them, in
// the transaction that changes the stock): a variant's stock always equals the sum of its
// movements, the first of which is its starting stock.

export const stockMovementKinds = [
  /** Taken by an order at checkout (reserved while it awaits payment, kept once it is paid). */
  "sale",
  /** Given back by an order that was cancelled before it was paid. */
  "release",
  /** Goods received: a variant's starting stock, a delivery, a return put back on sale. */
  "restock",
  /** A correction after a count, with its reason. */
  "adjustment",
] as const;
export type StockMovementKind = (typeof stockMovementKinds)[number];

export const stockMovements = pgTable(
  "stock_movements",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    variantId: text("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: stockMovementKinds }).notNull(),
    /** Units added (positive) or taken (negative). */
    quantityChange: integer("quantity_change").notNull(),
    /** The variant's stock once this movement was applied. */
    stockAfter: integer("stock_after").notNull(),
    orderId: text("order_id").references(() => orders.id, { onDelete: "set null" }),
    actorType: text("actor_type", { enum: actorTypes }).notNull(),
    actorId: text("actor_id").notNull(),
    reason: text("reason"),
    /** The moment of the change itself (not its transaction's start): rows of one transaction keep their order. */
    createdAt: timestamp("created_at", { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (table) => [
    index("stock_movements_variant_id_created_at_idx").on(table.variantId, table.createdAt),
    index("stock_movements_order_id_idx").on(table.orderId),
    check("stock_movements_quantity_change_not_zero", sql`${table.quantityChange} <> 0`),
    check("stock_movements_stock_after_non_negative", sql`${table.stockAfter} >= 0`),
  ],
);
