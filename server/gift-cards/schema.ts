import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { giftCardEntryKinds, giftCardStatuses } from "../../common/gift-cards/gift-cards";
import { timestamps } from "../db/columns";
import { orders } from "../orders/schema";

// Gift cards (server/gift-cards/; docs/decisions/066): a code that pays for orders, its balance
// kept on its row and every move of it in its ledger, written in the same transaction. A
// checkout spends from the balance under the card's row lock, so two orders spending one card at
// once take turns and never take more than it holds; a cancelled or refunded order puts back
// what it took.

export const giftCards = pgTable(
  "gift_cards",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    /**
     * The plain code of a card made before codes were hashed: emptied at the next start
     * (server/gift-cards/gift-card-codes.ts), never written now.
     */
    code: text("code"),
    /**
     * What the card is found by: an HMAC of its code (sixteen capitals, no dashes), keyed by a
     * secret the database does not hold (docs/decisions/079-gift-card-codes-hashed.md).
     */
    codeHash: text("code_hash"),
    /** The code's last four characters, all the admin and the buyer see of it after it is issued. */
    lastFour: text("last_four").notNull(),
    /** The code sealed for the email still to go on its day; emptied when it is written. */
    codeSealed: text("code_sealed"),
    initialPence: integer("initial_pence").notNull(),
    balancePence: integer("balance_pence").notNull(),
    status: text("status", { enum: giftCardStatuses }).notNull().default("active"),
    /** Who it is for: emailed its code on `send_on`; null: given by hand (the admin's copy). */
    recipientEmail: text("recipient_email"),
    recipientName: text("recipient_name"),
    senderName: text("sender_name"),
    message: text("message"),
    /** The day its email goes (the shop's time); the email's job is due then. */
    sendOn: timestamp("send_on", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** The admin who issued it, or the order that bought it. */
    issuedBy: text("issued_by"),
    orderId: text("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** Goes up by one with every change by the admin: a change from an older page is refused. */
    version: integer("version").notNull().default(1),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("gift_cards_code_hash_idx").on(table.codeHash),
    index("gift_cards_created_at_idx").on(table.createdAt),
    // The cards an order bought, read as it is paid, cancelled or refunded.
    index("gift_cards_order_idx").on(table.orderId).where(sql`${table.orderId} is not null`),
    check(
      "gift_cards_balance_in_range",
      sql`${table.initialPence} > 0 and ${table.balancePence} >= 0`,
    ),
  ],
);

/**
 * Every move of a card's balance: issued, spent by an order, put back (the order cancelled or
 * refunded), adjusted by the admin with a reason. The balance after each is kept, so the card's
 * history reads as a statement.
 */
export const giftCardEntries = pgTable(
  "gift_card_entries",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    giftCardId: text("gift_card_id")
      .notNull()
      .references(() => giftCards.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: giftCardEntryKinds }).notNull(),
    /** Signed: a spend takes, a return or an adjustment up gives. */
    amountPence: integer("amount_pence").notNull(),
    balanceAfterPence: integer("balance_after_pence").notNull(),
    orderId: text("order_id").references(() => orders.id, { onDelete: "set null" }),
    reason: text("reason"),
    /** Who moved it: "admin:<id>", "customer:<id>", "system:<name>" (as the audit log says). */
    actor: text("actor").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("gift_card_entries_card_idx").on(table.giftCardId, table.createdAt),
    index("gift_card_entries_order_idx").on(table.orderId).where(sql`${table.orderId} is not null`),
  ],
);
