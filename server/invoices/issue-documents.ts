import { eq, sql } from "drizzle-orm";
import { includedVatPence } from "../../common/pricing";
import type { Database } from "../db/database";
import { type DocumentKind, documentCounters, invoices, type Seller } from "../db/schema/invoices";
import type { OrderEvent } from "../orders/order-events";
import { getShopSettings } from "../settings/shop-settings";

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

async function sellerNow(tx: Database): Promise<Seller> {
  const settings = await getShopSettings(tx);
  return {
    legalName: settings.legalName,
    address: settings.businessAddress,
    vatNumber: settings.vatNumber,
    companyNumber: settings.companyNumber,
    shopName: settings.shopName,
    supportEmail: settings.supportEmail,
  };
}

export async function issueDocuments(tx: Database, event: OrderEvent): Promise<void> {
  if (event.type === "paid") {
    const { order } = event;
    await tx.insert(invoices).values({
      kind: "invoice",
      number: await nextNumber(tx, "invoice"),
      orderId: order.id,
      issuedAt: order.paidAt ?? new Date(),
      seller: await sellerNow(tx),
      grossPence: order.totalPence,
      vatPence: order.vatPence,
    });
  } else if (event.type === "money-back" && event.amountPence > 0) {
    await tx.insert(invoices).values({
      kind: "credit_note",
      number: await nextNumber(tx, "credit_note"),
      orderId: event.order.id,
      issuedAt: event.order.updatedAt,
      seller: await sellerNow(tx),
      grossPence: event.amountPence,
      vatPence: includedVatPence(event.amountPence),
    });
  }
}
