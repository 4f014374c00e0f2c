import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { timestamps } from "../db/columns";
import { orders } from "../orders/schema";

// The payment domain's tables (docs/architecture.md#money-flow): what providers told the shop and
// what it gave back. Orders are the order domain's; these rows point at them.

export const paymentEventOutcomes = ["applied", "ignored", "flagged"] as const;

/**
 * Every payment confirmation the shop has acted on, one row per provider event: a replayed webhook
 * finds its row and changes nothing (docs/architecture.md#money-flow).
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    provider: text("provider").notNull(),
    providerEventId: text("provider_event_id").notNull(),
    type: text("type").notNull(),
    orderId: text("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** What the event did: applied to the order, ignored (stale or irrelevant), flagged for review. */
    outcome: text("outcome", { enum: paymentEventOutcomes }).notNull(),
    detail: jsonb("detail"),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("payment_events_provider_event_idx").on(table.provider, table.providerEventId),
    index("payment_events_order_id_idx").on(table.orderId),
  ],
);

export const refundStatuses = ["pending", "succeeded", "failed"] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/**
 * Money of a paid order given back by the admin, in full or in part, one row per refund
 * (server/orders/order-refunds.ts). A row is written `pending` before the provider is asked, with its id
 * as the provider's idempotency key, so a refund retried after a crash is never made twice.
 */
/** What a refund is for: units of order lines (`order_items.id`) and the delivery, or neither. */
export type Credit = {
  items: { orderItemId: string; quantity: number }[];
  delivery: boolean;
};

export const refunds = pgTable(
  "refunds",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amountPence: integer("amount_pence").notNull(),
    /**
     * The part of `amount_pence` that goes back to the order's gift card, not through the
     * provider (server/gift-cards/): the card the customer paid with gets its part first.
     */
    giftCardPence: integer("gift_card_pence").notNull().default(0),
    /** Whether the order's items go back on sale when the refund succeeds. */
    restock: boolean("restock").notNull().default(false),
    /** The units the admin puts back on sale with this refund (`restock` says whether any). */
    restockItems: jsonb("restock_items")
      .$type<{ variantId: string; quantity: number }[]>()
      .notNull()
      .default([]),
    /**
     * What the refund gives back money for (its credit note's lines): units of the order's lines
     * and whether the delivery. What the amount holds beyond them was refunded as money only.
     */
    credit: jsonb("credit").$type<Credit>().notNull().default({ items: [], delivery: false }),
    /** The admin cancelled a paid order: once the money is back the order is cancelled. */
    cancelsOrder: boolean("cancels_order").notNull().default(false),
    status: text("status", { enum: refundStatuses }).notNull().default("pending"),
    provider: text("provider").notNull(),
    reason: text("reason"),
    /** The provider's refusal, when it refused. */
    error: text("error"),
    /**
     * Why the admin must look at this refund, until they have: the provider never confirmed it,
     * or the order could not take it as asked (server/orders/order-refunds.ts). The overview lists these.
     */
    attention: text("attention"),
    adminId: text("admin_id").notNull(),
    /** The return this refund pays for (server/returns/), when it does. */
    returnId: text("return_id"),
    ...timestamps,
  },
  (table) => [
    index("refunds_order_id_idx").on(table.orderId),
    index("refunds_return_id_idx").on(table.returnId).where(sql`${table.returnId} is not null`),
    // The refunds a crash left unfinished, for the job that finishes them (server/orders/order-refunds.ts).
    index("refunds_pending_idx").on(table.updatedAt).where(sql`${table.status} = 'pending'`),
    // The refunds the admin's overview lists: few rows, found without a scan.
    index("refunds_attention_idx")
      .on(table.createdAt)
      .where(sql`${table.attention} is not null or ${table.status} = 'pending'`),
    check("refunds_amount_positive", sql`${table.amountPence} > 0`),
    check(
      "refunds_gift_card_within_amount",
      sql`${table.giftCardPence} >= 0 and ${table.giftCardPence} <= ${table.amountPence}`,
    ),
  ],
);
