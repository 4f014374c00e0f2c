import { stringify } from "csv-stringify/sync";
import { and, desc, inArray, sql } from "drizzle-orm";
import type { AdminOrderQuery } from "../../app/lib/admin-order-query";
import { penceToDecimalString } from "../../app/lib/money";
import type { Database } from "../db/database";
import { orderItems, orders } from "../db/schema/orders";
import { orderConditions } from "./admin-orders";

// The admin's orders as CSV (issue 12 item 3): the list's search, status and dates, newest first,
// streamed a batch at a time by keyset (never all orders in memory, whatever their number), with
// every text cell that a spreadsheet would run as a formula made inert.

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
];

/**
 * A text cell a spreadsheet will not run: one that starts with `=`, `+`, `-`, `@`, a tab or a
 * carriage return gets a leading apostrophe (OWASP's advice for CSV injection).
 */
export function inertCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

type Batch = Awaited<ReturnType<typeof readBatch>>;

/**
 * The next batch of orders after `after`, then their items summarised in a second query over just
 * those orders (by the order_items index): the cost of a batch never depends on the total.
 */
async function readBatch(
  db: Database,
  filter: Partial<Pick<AdminOrderQuery, "q" | "status" | "from" | "to">>,
  after: { createdAt: string; id: string } | null,
) {
  const keyset = after
    ? sql`(${orders.createdAt}, ${orders.id}) < (${after.createdAt}::timestamptz, ${after.id})`
    : undefined;
  const rows = await db
    .select({
      id: orders.id,
      // Text, to the microsecond: the next batch starts exactly after this row.
      cursor: sql<string>`${orders.createdAt}::text`,
      placed: sql<string>`to_char(${orders.createdAt} at time zone 'Europe/London', 'YYYY-MM-DD HH24:MI')`,
      status: orders.status,
      customer: orders.customerFullName,
      email: orders.customerEmail,
      phone: orders.customerPhone,
      address: orders.shippingAddress,
      subtotalPence: orders.subtotalPence,
      discountPence: orders.discountPence,
      shippingPence: orders.shippingPence,
      vatPence: orders.vatPence,
      totalPence: orders.totalPence,
      refundedPence: orders.refundedPence,
      carrier: orders.carrier,
      trackingNumber: orders.trackingNumber,
    })
    .from(orders)
    .where(and(orderConditions(filter), keyset))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(BATCH);
  if (rows.length === 0) return [];
  const summaries = await db
    .select({
      orderId: orderItems.orderId,
      summary: sql<string>`string_agg(${orderItems.quantity} || ' x ' || ${orderItems.productName} || case when ${orderItems.variantName} = 'Default' then '' else ' (' || ${orderItems.variantName} || ')' end, '; ' order by ${orderItems.productName}, ${orderItems.variantName})`,
    })
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((row) => row.id),
      ),
    )
    .groupBy(orderItems.orderId);
  const items = new Map(summaries.map((row) => [row.orderId, row.summary]));
  return rows.map((row) => ({ ...row, items: items.get(row.id) ?? "" }));
}

function toCsv(rows: Batch): string {
  return stringify(
    rows.map((row) => [
      inertCell(row.id),
      row.placed,
      row.status,
      inertCell(row.customer),
      inertCell(row.email),
      inertCell(row.phone),
      inertCell(row.address),
      inertCell(row.items),
      penceToDecimalString(row.subtotalPence),
      penceToDecimalString(row.discountPence),
      penceToDecimalString(row.shippingPence),
      penceToDecimalString(row.vatPence),
      penceToDecimalString(row.totalPence),
      penceToDecimalString(row.refundedPence),
      inertCell(row.carrier ?? ""),
      inertCell(row.trackingNumber ?? ""),
    ]),
  );
}

/** The matching orders as a stream of CSV text, the header first; one batch read per pull. */
export function ordersCsvStream(
  db: Database,
  filter: Partial<Pick<AdminOrderQuery, "q" | "status" | "from" | "to">>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: { createdAt: string; id: string } | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        // A byte-order mark: spreadsheet apps then read the £ and accents as UTF-8.
        controller.enqueue(encoder.encode(`\uFEFF${stringify([HEADER])}`));
        return;
      }
      const rows = await readBatch(db, filter, after);
      if (rows.length > 0) controller.enqueue(encoder.encode(toCsv(rows)));
      const last = rows.at(-1);
      if (rows.length < BATCH || !last) {
        controller.close();
        return;
      }
      after = { createdAt: last.cursor, id: last.id };
    },
  });
}
