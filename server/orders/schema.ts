import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { orderStatuses } from "../../common/orders/order-types";
import { users } from "../auth/schema";
import { timestamps } from "../db/columns";

/** The payment providers the shop can take money through (server/payments/provider.ts). */
export type ProviderName = "test" | "stripe";

// Orders (docs/architecture.md#data, docs/architecture.md#money-flow). Every amount is integer pence, VAT included; items are snapshots, so a
// later price or name change never alters an old order. Deleting an account keeps its orders
// (user_id becomes null, the customer fields are anonymised by the account service).

export { type OrderStatus, orderStatuses } from "../../common/orders/order-types";

/**
 * Orders' numbers as people read them (common/orders/order-number.ts: GL-10001, GL-10002...): given in
 * the order orders are opened; the id stays the internal key. A number taken by a checkout that
 * then fails is not given again, as with any sequence.
 */
export const orderNumbers = pgSequence("order_numbers", { startWith: 10001 });

export const orders = pgTable(
  "orders",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    /** The order's number for people (common/orders/order-number.ts), from the order_numbers sequence. */
    number: integer("number").notNull().default(sql`nextval('order_numbers')`),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: orderStatuses }).notNull().default("pending"),
    subtotalPence: integer("subtotal_pence").notNull(),
    discountPence: integer("discount_pence").notNull().default(0),
    shippingPence: integer("shipping_pence").notNull().default(0),
    vatPence: integer("vat_pence").notNull(),
    totalPence: integer("total_pence").notNull(),
    customerFullName: text("customer_full_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    customerPhone: text("customer_phone").notNull(),
    shippingAddress: text("shipping_address").notNull(),
    /**
     * How the order travels, as chosen at checkout (server/delivery/): the method's name and the
     * delivery days promised then, kept as they were. Empty on orders from before the choice.
     */
    deliveryMethodId: text("delivery_method_id"),
    /** The method's version the order was priced with: a later one prices a pending order again. */
    deliveryMethodVersion: integer("delivery_method_version"),
    deliveryMethodName: text("delivery_method_name"),
    deliveryFrom: date("delivery_from", { mode: "string" }),
    deliveryTo: date("delivery_to", { mode: "string" }),
    notes: text("notes"),
    currency: text("currency").notNull().default("gbp"),
    paymentProvider: text("payment_provider"),
    providerIntentId: text("provider_intent_id").unique(),
    /**
     * The cart and details this order was made from, hashed: the same submit repeated while the
     * order is pending finds it instead of making a second one.
     */
    checkoutKey: text("checkout_key"),
    /** When the abandoned checkout reminder went (server/newsletter/checkout-reminder.ts): once. */
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    /** The last payment attempt's failure, as the provider put it (a declined card). */
    paymentError: text("payment_error"),
    /** Money arrived for an order that could not take it (cancelled, or a wrong amount). */
    refundDue: boolean("refund_due").notNull().default(false),
    /** Money of a paid order given back so far (refunds made by the admin, in full or in part). */
    refundedPence: integer("refunded_pence").notNull().default(0),
    /**
     * This order claims the customer's first-order discount: one open or paid claim per customer,
     * enforced by a unique index (a cancelled order gives its claim back).
     */
    firstOrderDiscount: boolean("first_order_discount").notNull().default(false),
    /**
     * The discount code or automatic offer the order's discount came from (server/discounts/),
     * and the code, or the offer's title, as it read then: never with the first-order discount,
     * one or the other (docs/decisions/070).
     */
    discountCodeId: text("discount_code_id"),
    discountCode: text("discount_code"),
    offerTitle: text("offer_title"),
    /** The code's version the order was priced with: a later one prices a pending order again. */
    discountCodeVersion: integer("discount_code_version"),
    /**
     * The gift card that paid part or all of the total (server/gift-cards/), and how much: the
     * provider is asked for the rest. Taken from the card's balance with the order, put back
     * when it is cancelled or refunded.
     */
    giftCardId: text("gift_card_id"),
    giftCardPence: integer("gift_card_pence").notNull().default(0),
    /** The last four digits of the card that paid, when the provider said: for the customer's emails. */
    cardLast4: text("card_last4"),
    /** Set by the admin when the parcel leaves (both optional). */
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    ...timestamps,
    paidAt: timestamp("paid_at", { withTimezone: true }),
    fulfilledAt: timestamp("fulfilled_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("orders_number_idx").on(table.number),
    index("orders_user_id_created_at_idx").on(table.userId, table.createdAt),
    index("orders_status_created_at_idx").on(table.status, table.createdAt),
    // The admin's list, newest first, and the figures of a date range.
    index("orders_created_at_id_idx").on(table.createdAt, table.id),
    // The payments to refund, on every admin overview: few rows, found without a scan.
    index("orders_refund_due_idx").on(table.updatedAt).where(sql`${table.refundDue}`),
    // One open (pending) order per customer: a new checkout replaces the last, so no account
    // holds more stock than one order may take.
    uniqueIndex("orders_one_pending_per_user_idx")
      .on(table.userId)
      .where(sql`${table.status} = 'pending'`),
    uniqueIndex("orders_one_first_order_discount_idx")
      .on(table.userId)
      .where(sql`${table.firstOrderDiscount} and ${table.status} <> 'cancelled'`),
    check(
      "orders_amounts_non_negative",
      sql`${table.subtotalPence} >= 0 and ${table.discountPence} >= 0 and ${table.shippingPence} >= 0 and ${table.vatPence} >= 0 and ${table.totalPence} >= 0`,
    ),
    check(
      "orders_refunded_within_total",
      sql`${table.refundedPence} >= 0 and ${table.refundedPence} <= ${table.totalPence}`,
    ),
    check(
      "orders_gift_card_within_total",
      sql`${table.giftCardPence} >= 0 and ${table.giftCardPence} <= ${table.totalPence}`,
    ),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: text("product_id").notNull(),
    variantId: text("variant_id").notNull(),
    productName: text("product_name").notNull(),
    variantName: text("variant_name").notNull(),
    unitPricePence: integer("unit_price_pence").notNull(),
    quantity: integer("quantity").notNull(),
  },
  (table) => [
    index("order_items_order_id_idx").on(table.orderId),
    check("order_items_quantity_positive", sql`${table.quantity} > 0`),
    check("order_items_unit_price_non_negative", sql`${table.unitPricePence} >= 0`),
  ],
);
