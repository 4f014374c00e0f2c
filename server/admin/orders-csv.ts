import { type AnyColumn, and, desc, type SQL, sql } from "drizzle-orm";
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

type Cursor = { createdAt: string; id: string };

/**
 * The next batch of orders after `after`, newest first, as CSV text written by the database in
 * one value, with where the batch ended: the cost of a batch never depends on the total, and the
 * server holds one string per batch, not an object per cell.
 */
async function readBatch(db: Database, filter: OrderFilter, after: Cursor | null) {
  const keyset = after
    ? sql`(${orders.createdAt}, ${orders.id}) < (${after.createdAt}::timestamptz, ${after.id})`
    : undefined;
  const batch = db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      // Text, to the microsecond: the next batch starts exactly after the last row.
      cursor: sql<string>`${orders.createdAt}::text`.as("cursor"),
      line: line.as("line"),
    })
    .from(orders)
    .where(and(orderConditions(filter), keyset))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(BATCH)
    .as("batch");
  const [result] = await db
    .select({
      csv: sql<
        string | null
      >`string_agg(${batch.line}, '' order by ${batch.createdAt} desc, ${batch.id} desc)`,
      rows: sql<number>`count(*)::int`,
      lastCursor: sql<
        string | null
      >`(array_agg(${batch.cursor} order by ${batch.createdAt}, ${batch.id}))[1]`,
      lastId: sql<
        string | null
      >`(array_agg(${batch.id} order by ${batch.createdAt}, ${batch.id}))[1]`,
    })
    .from(batch);
  const last =
    result?.lastCursor && result.lastId
      ? { createdAt: result.lastCursor, id: result.lastId }
      : null;
  return { csv: result?.csv ?? "", rows: result?.rows ?? 0, last };
}

/**
 * The matching orders as a stream of CSV text, the header first; one batch read per pull. A batch
 * that fails once the download has begun goes to `onFailure` (which logs it and ends the
 * connection, so the download shows as failed), and the stream ends there without a word more.
 */
export function ordersCsvStream(
  db: Database,
  filter: OrderFilter,
  onFailure: (error: unknown) => void,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: Cursor | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        // A byte-order mark: spreadsheet apps then read the £ and accents as UTF-8.
        controller.enqueue(encoder.encode(`\uFEFF${HEADER.join(",")}\n`));
        return;
      }
      let batch: Awaited<ReturnType<typeof readBatch>>;
      try {
        batch = await readBatch(db, filter, after);
      } catch (error) {
        onFailure(error);
        controller.close();
        return;
      }
      if (batch.rows > 0) controller.enqueue(encoder.encode(batch.csv));
      if (batch.rows < BATCH || !batch.last) {
        controller.close();
        return;
      }
      after = batch.last;
    },
  });
}
