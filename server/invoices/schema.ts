import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { orders } from "../orders/schema";

// VAT invoices and credit notes (server/invoices/; docs/decisions/044). Each is numbered from its
// own series when the order is paid or its money given back, in that transaction, and keeps what it
// said then (the seller's details, the amounts), so a later change to the settings or the order
// never rewrites a document already issued.

export const documentKinds = ["invoice", "credit_note"] as const;
export type DocumentKind = (typeof documentKinds)[number];

/** The last number given in each series ("invoice", "credit_note"): one row each. */
export const documentCounters = pgTable("document_counters", {
  kind: text("kind", { enum: documentKinds }).primaryKey(),
  lastNumber: integer("last_number").notNull().default(0),
});

/** The seller as the document names it. */
export type Seller = {
  legalName: string;
  address: string;
  vatNumber: string;
  companyNumber: string;
  shopName: string;
  supportEmail: string;
};

/**
 * A line of a credit note as issued: what was credited, how many, and the unit price including
 * VAT in pence (negative for what is taken off: a discount's share, an amount credited before).
 */
export type DocumentLine = { description: string; quantity: number; unitPricePence: number };

/** Who a document was issued to: their name and delivery address, as on the order then. */
export type Buyer = { name: string; address: string };

export const invoices = pgTable(
  "invoices",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    kind: text("kind", { enum: documentKinds }).notNull(),
    /** Its number in its series, from 1, with no gaps (document_counters). */
    number: integer("number").notNull(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The date of issue, which is the time of supply (the payment, or the refund). */
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    seller: jsonb("seller").$type<Seller>().notNull(),
    /**
     * The buyer as the document names them, as they were when it was issued: kept when the
     * customer's account is erased (VAT records are kept six years, UK GDPR's legal-obligation
     * basis). Null on documents from before it was kept, which read the order's.
     */
    buyer: jsonb("buyer").$type<Buyer>(),
    /**
     * A credit note's lines as issued (what was credited; a money-only refund as a line of its
     * own) and the reason the admin gave. Null on credit notes from before they were kept, and on
     * invoices, which print their order's lines.
     */
    lines: jsonb("lines").$type<DocumentLine[]>(),
    reason: text("reason"),
    /** Gross, VAT and net, in pence: what was paid, or given back. */
    grossPence: integer("gross_pence").notNull(),
    vatPence: integer("vat_pence").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("invoices_kind_number_idx").on(table.kind, table.number),
    // One invoice per order; a credit note for each time money went back.
    uniqueIndex("invoices_one_per_order_idx")
      .on(table.orderId)
      .where(sql`${table.kind} = 'invoice'`),
    index("invoices_issued_at_idx").on(table.issuedAt),
    check("invoices_amounts", sql`${table.grossPence} > 0 and ${table.vatPence} >= 0`),
  ],
);
