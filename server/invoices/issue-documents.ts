import { and, eq, type SQL, sql } from "drizzle-orm";
import { includedVatPence } from "../../common/checkout/pricing";
import type { Database } from "../db/database";
import type { OrderEvent } from "../orders/order-events";
import { orderItems } from "../orders/schema";
import type { Brand } from "../settings/shop-settings";
import { creditNoteLines } from "./credit-lines";
import { type Buyer, type DocumentKind, documentCounters, invoices, type Seller } from "./schema";

// VAT invoices and credit notes issued as orders change (a reaction to
// server/orders/order-events.ts; docs/decisions/044): the invoice when an order is paid, a credit
// note each time money goes back, each in the transaction of that change, so a payment or refund
// and its document are written together or not at all.

/**
 * The next number of a series. The counter's row is locked until the transaction ends, so
 * concurrent payments take turns: numbers follow one another with no gap and none given twice
 * (a transaction that fails gives its number back with everything else).
 */
async function nextNumber(tx: Database, kind: DocumentKind): Promise<number> {
  const [row] = await tx
    .update(documentCounters)
    .set({ lastNumber: sql`${documentCounters.lastNumber} + 1` })
    .where(eq(documentCounters.kind, kind))
    .returning({ number: documentCounters.lastNumber });
  if (!row) throw new Error(`no document counter for ${kind} (migration 0029 makes them)`);
  return row.number;
}

/**
 * When a document numbered now is issued: `at`, or the series' latest time of issue if that is
 * later, so a later number never carries an earlier date (two payments can take their numbers in
 * the other order from their times). Reckoned in the document's own insert, a statement after
 * nextNumber's: it reads what was committed under the counter's lock, which nextNumber holds.
 */
function issueTime(kind: DocumentKind, at: Date): SQL<Date> {
  const latest = sql`(select max(${invoices.issuedAt}) from ${invoices} where ${invoices.kind} = ${kind})`;
  return sql<Date>`greatest(${at.toISOString()}::timestamptz, ${latest})`;
}

/**
 * The buyer a credit note names: the one its invoice named (an account erased since leaves the
 * order blanked, never the documents), else the order's as it is now.
 */
async function buyerOf(
  tx: Database,
  order: { id: string; customerFullName: string; shippingAddress: string },
): Promise<Buyer> {
  const [invoice] = await tx
    .select({ buyer: invoices.buyer })
    .from(invoices)
    .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, "invoice")));
  return invoice?.buyer ?? { name: order.customerFullName, address: order.shippingAddress };
}

/**
 * The seller a document names: the shop's details as the change that issues it read them, the
 * same the email sent with it shows (settings are kept until they change, decision record 058).
 */
function sellerOf(brand: Brand): Seller {
  return {
    legalName: brand.company.legalName,
    address: brand.company.registeredOffice,
    vatNumber: brand.company.vatNumber,
    companyNumber: brand.company.companyNumber,
    shopName: brand.shopName,
    supportEmail: brand.supportEmail,
  };
}

export async function issueDocuments(tx: Database, event: OrderEvent): Promise<void> {
  if (event.type === "paid") {
    const { order } = event;
    const number = await nextNumber(tx, "invoice");
    await tx.insert(invoices).values({
      kind: "invoice",
      number,
      orderId: order.id,
      issuedAt: issueTime("invoice", order.paidAt ?? new Date()),
      // The seller the confirmation names, from the settings the payment was recorded with.
      seller: sellerOf(event.brand),
      buyer: { name: order.customerFullName, address: order.shippingAddress },
      grossPence: order.totalPence,
      vatPence: order.vatPence,
    });
  } else if (event.type === "money-back" && event.amountPence > 0) {
    const items = await tx
      .select({
        id: orderItems.id,
        productName: orderItems.productName,
        variantName: orderItems.variantName,
        unitPricePence: orderItems.unitPricePence,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, event.order.id));
    const number = await nextNumber(tx, "credit_note");
    await tx.insert(invoices).values({
      kind: "credit_note",
      number,
      orderId: event.order.id,
      issuedAt: issueTime("credit_note", event.order.updatedAt),
      seller: sellerOf(event.brand),
      buyer: await buyerOf(tx, event.order),
      lines: creditNoteLines(event.order, items, event.credit, event.amountPence, event.reason),
      reason: event.reason,
      grossPence: event.amountPence,
      vatPence: includedVatPence(event.amountPence),
    });
  }
}
