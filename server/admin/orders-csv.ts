import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { csvBatchStream, type NewestFirstCursor, readNewestFirst } from "../db/csv-stream";
import type { Database } from "../db/database";
import { orders } from "../orders/schema";
import { type OrderFilter, orderConditions } from "./admin-orders";

// The admin's orders as CSV: the list's search, status and dates, newest first,
// streamed a batch at a time by keyset (never all orders in memory, whatever their number), with
// every text cell that a spreadsheet would run as a formula made inert. The database writes the
// lines: the server holds one string per batch, not objects per cell (decision record 010).

const BATCH = 200;

const HEADER = [
  "Order",
  "Placed",
  "Status",
  "Customer",
  "Email",
  "Phone",
  "Shipping address",
  "Items",
  "Subtotal",
  "Discount",
  "Shipping",
  "VAT",
  "Total",
  "Refunded",
  "Carrier",
  "Tracking number",
  "Order id",
];

/** A text cell, made inert and quoted by PostgreSQL (csv_cell, migration 0011). */
function textCell(value: SQL | AnyColumn): SQL {
  return sql`csv_cell(${value})`;
}

/** Pence as a decimal amount, 3999 as 39.99 (penceToDecimalString's format, written in SQL). */
function moneyCell(pence: AnyColumn): SQL {
  return sql`round(${pence} / 100.0, 2)::text`;
}

/** An order's items as "2 x Name (Variant)", read by the order_items index. */
// Written out in full: inside a subquery Drizzle names columns without their table.
const itemsOfOrder = sql`(select string_agg(item.quantity || ' x ' || item.product_name || case when item.variant_name = 'Default' then '' else ' (' || item.variant_name || ')' end, '; ' order by item.product_name, item.variant_name) from order_items as item where item.order_id = "orders"."id")`;

/** One order's CSV line, the columns in HEADER's order. */
const line = sql<string>`concat_ws(',', ${sql.join(
  [
    sql`'GL-' || ${orders.number}`,
    sql`to_char(${orders.createdAt} at time zone 'Europe/London', 'YYYY-MM-DD HH24:MI')`,
    sql`${orders.status}::text`,
    textCell(orders.customerFullName),
    textCell(orders.customerEmail),
    textCell(orders.customerPhone),
    textCell(orders.shippingAddress),
    textCell(itemsOfOrder),
    moneyCell(orders.subtotalPence),
    moneyCell(orders.discountPence),
    moneyCell(orders.shippingPence),
    moneyCell(orders.vatPence),
    moneyCell(orders.totalPence),
    moneyCell(orders.refundedPence),
    textCell(orders.carrier),
    textCell(orders.trackingNumber),
    textCell(orders.id),
  ],
  sql`, `,
)}) || E'\\n'`;

/**
 * The matching orders as a stream of CSV text, the header first; one batch read per pull
 * (server/db/csv-stream.ts).
 */
export function ordersCsvStream(
  db: Database,
  filter: OrderFilter,
  onFailure: (error: unknown) => void,
): ReadableStream<Uint8Array> {
  return csvBatchStream<NewestFirstCursor>({
    header: HEADER,
    batchSize: BATCH,
    readBatch: (after) =>
      readNewestFirst(db, {
        table: orders,
        createdAt: orders.createdAt,
        id: orders.id,
        line,
        where: orderConditions(filter),
        batchSize: BATCH,
        after,
      }),
    onFailure,
  });
}
