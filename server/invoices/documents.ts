import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { lineLabel } from "../../common/cart/cart-rules";
import { BOUGHT_GIFT_CARD_ITEM } from "../../common/gift-cards/gift-cards";
import { formatOrderNumber } from "../../common/orders/order-number";
import type { OrderDocument } from "../../common/orders/order-types";
import type { Database } from "../db/database";
import { orderItems, orders } from "../orders/schema";
import { type DocumentKind, type DocumentLine, invoices, type Seller } from "./schema";

// The shop's VAT invoices and credit notes as they are read back: an order's list for its pages,
// one for its owner or the admin, and every one of a date range for the admin's bulk download.

/** "INV-000123", "CN-000007": the number as the document prints it. */
function documentLabel(kind: DocumentKind, number: number): string {
  return `${kind === "invoice" ? "INV" : "CN"}-${String(number).padStart(6, "0")}`;
}

/** An order's invoice and credit notes, in the order they were issued. */
export async function documentsOfOrder(db: Database, orderId: string): Promise<OrderDocument[]> {
  const rows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.orderId, orderId))
    .orderBy(asc(invoices.issuedAt), asc(invoices.number));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    label: documentLabel(row.kind, row.number),
    issuedAt: row.issuedAt,
    grossPence: row.grossPence,
  }));
}

export type DocumentView = {
  kind: DocumentKind;
  label: string;
  /** A credit note's invoice, which it corrects (none for an order paid before invoices). */
  invoiceLabel: string | null;
  /** A credit note's lines as issued; null on invoices and on credit notes from before. */
  lines: DocumentLine[] | null;
  /** Why the money went back, as the admin said. */
  reason: string | null;
  issuedAt: Date;
  seller: Seller;
  grossPence: number;
  vatPence: number;
  order: {
    number: string;
    paidAt: Date | null;
    customerFullName: string;
    shippingAddress: string;
    subtotalPence: number;
    discountPence: number;
    discountCode: string | null;
    offerTitle: string | null;
    shippingPence: number;
    deliveryMethodName: string | null;
    /** What a gift card paid of the total (the card paid the rest). */
    giftCardPence: number;
  };
  /** `giftCard`: a gift card sold, which carries no VAT (docs/decisions/067). */
  items: { description: string; quantity: number; unitPricePence: number; giftCard: boolean }[];
};

type Filter =
  | { documentId: string; orderId: string; userId?: string }
  | { issuedFrom: Date; issuedBefore: Date; limit?: number };

/** A range's documents are read this many at a time, the worker answering others between. */
const PAGE = 250;

type Row = { document: typeof invoices.$inferSelect; order: typeof orders.$inferSelect };

/**
 * Documents with what they print. One by its id, of its order (and of its customer, when
 * `userId` is given: no one else's document is found), or those issued in a range, oldest
 * first, at most `limit` of them.
 */
export async function loadDocuments(db: Database, filter: Filter): Promise<DocumentView[]> {
  const select = () =>
    db
      .select({ document: invoices, order: orders })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId));
  if ("documentId" in filter) {
    const rows = await select().where(
      and(
        eq(invoices.id, filter.documentId),
        eq(invoices.orderId, filter.orderId),
        filter.userId === undefined ? undefined : eq(orders.userId, filter.userId),
      ),
    );
    return withTheirOrders(db, rows);
  }
  const limit = filter.limit ?? Number.POSITIVE_INFINITY;
  const documents: DocumentView[] = [];
  // The last document read: the next page starts after it, compared as the database keeps its
  // time (finer than a JavaScript date).
  let after: string | null = null;
  while (documents.length < limit) {
    const rows: Row[] = await select()
      .where(
        and(
          gte(invoices.issuedAt, filter.issuedFrom),
          lt(invoices.issuedAt, filter.issuedBefore),
          after === null
            ? undefined
            : sql`(${invoices.issuedAt}, ${invoices.kind}, ${invoices.number}) > (select last.issued_at, last.kind, last.number from ${invoices} last where last.id = ${after})`,
        ),
      )
      .orderBy(asc(invoices.issuedAt), asc(invoices.kind), asc(invoices.number))
      .limit(Math.min(PAGE, limit - documents.length));
    documents.push(...(await withTheirOrders(db, rows)));
    const last = rows.at(-1);
    if (!last || rows.length < PAGE) break;
    after = last.document.id;
  }
  return documents;
}

/** The documents of `rows` with their orders' lines and invoices, as they print. */
async function withTheirOrders(db: Database, rows: readonly Row[]): Promise<DocumentView[]> {
  if (rows.length === 0) return [];
  const orderIds = [...new Set(rows.map((row) => row.order.id))];
  const [items, invoicesOfOrders] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, orderIds))
      .orderBy(asc(orderItems.productName), asc(orderItems.variantName)),
    db
      .select({ orderId: invoices.orderId, number: invoices.number })
      .from(invoices)
      .where(and(inArray(invoices.orderId, orderIds), eq(invoices.kind, "invoice"))),
  ]);
  const invoiceOf = new Map(invoicesOfOrders.map((row) => [row.orderId, row.number]));
  const itemsOf = new Map<string, typeof items>();
  for (const item of items) {
    const lines = itemsOf.get(item.orderId);
    if (lines) lines.push(item);
    else itemsOf.set(item.orderId, [item]);
  }
  return rows.map(({ document, order }) => {
    const invoiceNumber = invoiceOf.get(order.id);
    return {
      kind: document.kind,
      label: documentLabel(document.kind, document.number),
      invoiceLabel:
        document.kind === "credit_note" && invoiceNumber !== undefined
          ? documentLabel("invoice", invoiceNumber)
          : null,
      lines: document.lines,
      reason: document.reason,
      issuedAt: document.issuedAt,
      seller: document.seller,
      grossPence: document.grossPence,
      vatPence: document.vatPence,
      order: {
        number: formatOrderNumber(order.number),
        paidAt: order.paidAt,
        // As the document named them when issued: an erased account blanks the order, not it.
        customerFullName: document.buyer?.name ?? order.customerFullName,
        shippingAddress: document.buyer?.address ?? order.shippingAddress,
        subtotalPence: order.subtotalPence,
        discountPence: order.discountPence,
        discountCode: order.discountCode,
        offerTitle: order.offerTitle,
        shippingPence: order.shippingPence,
        deliveryMethodName: order.deliveryMethodName,
        giftCardPence: order.giftCardPence,
      },
      items: (itemsOf.get(order.id) ?? []).map((item) => ({
        description: lineLabel({ name: item.productName, variantName: item.variantName }),
        quantity: item.quantity,
        unitPricePence: item.unitPricePence,
        giftCard: item.productId === BOUGHT_GIFT_CARD_ITEM,
      })),
    };
  });
}
