import { asc, count, eq, inArray } from "drizzle-orm";
import type { AdminOrderQuery } from "../../common/admin/admin-order-query";
import type { AdminOrderRow, PackingOrder, PackingOrderRow } from "../../common/orders/order-types";
import type { Database } from "../db/database";
import { orderItems, orders } from "../orders/schema";
import { currentOrdersPage } from "./admin-orders";

// One order as fulfilment staff see it (common/auth/staff-access.ts, grant `send`): what to pack
// and where it goes. No money, and of the customer only what the parcel carries (name, address,
// the notes given for delivery): never read, so never sent to their browser.

export async function getPackingOrder(db: Database, id: string): Promise<PackingOrder | null> {
  const [[order], items] = await Promise.all([
    db
      .select({
        id: orders.id,
        number: orders.number,
        status: orders.status,
        createdAt: orders.createdAt,
        paidAt: orders.paidAt,
        fulfilledAt: orders.fulfilledAt,
        deliveredAt: orders.deliveredAt,
        customerFullName: orders.customerFullName,
        shippingAddress: orders.shippingAddress,
        deliveryMethodName: orders.deliveryMethodName,
        deliveryFrom: orders.deliveryFrom,
        deliveryTo: orders.deliveryTo,
        notes: orders.notes,
        carrier: orders.carrier,
        trackingNumber: orders.trackingNumber,
      })
      .from(orders)
      .where(eq(orders.id, id)),
    db
      .select({
        id: orderItems.id,
        productName: orderItems.productName,
        variantName: orderItems.variantName,
        quantity: orderItems.quantity,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, id))
      .orderBy(asc(orderItems.productName), asc(orderItems.variantName)),
  ]);
  return order ? { order, items } : null;
}

/** The orders waiting on fulfilment staff: paid ones to send, sent ones not yet delivered. */
export async function sendingCounts(db: Database): Promise<{ toSend: number; onTheWay: number }> {
  const rows = await db
    .select({ status: orders.status, orders: count() })
    .from(orders)
    .where(inArray(orders.status, ["paid", "fulfilled"]))
    .groupBy(orders.status);
  const of = (status: string) => rows.find((row) => row.status === status)?.orders ?? 0;
  return { toSend: of("paid"), onTheWay: of("fulfilled") };
}

function packingRow({
  customerEmail: _email,
  totalPence: _total,
  refundedPence: _refunded,
  ...row
}: AdminOrderRow): PackingOrderRow {
  return row;
}

/**
 * The orders list as fulfilment staff read it: rows without money or email, a search that reads
 * no emails (it would tell them whether an address had ordered), and no sort by the total they do
 * not see (the date's instead).
 */
export async function packingOrdersPage(
  db: Database,
  query: AdminOrderQuery,
): Promise<{ orders: PackingOrderRow[]; total: number }> {
  const shown = query.sort === "total" ? { ...query, sort: "date" as const } : query;
  const { orders: rows, total } = await currentOrdersPage(db, shown, false);
  return { orders: rows.map(packingRow), total };
}
