import { adminActor } from "../audit/audit-log";
import type { Database } from "../db/database";
import { logger } from "../logger";
import { markDelivered, markFulfilled } from "../orders/order-state";
import { cancelOrderAsAdmin, refundOrder } from "../orders/refunds";
import { providerNamed } from "../payments/payments";
import { emailBrand } from "../settings/shop-settings";
import type { RestockLine } from "../stock/stock-service";

// What the admin does to an order from its page (DESIGN §5), each through the order's one writer
// (server/orders/order-state.ts) and recorded in the audit log with the admin's id. The caller is
// behind the admin's guard and passes the admin's own id from the session.

export async function fulfilOrder(
  db: Database,
  adminId: string,
  orderId: string,
  shipment: { carrier: string | null; trackingNumber: string | null },
) {
  const brand = await emailBrand(db);
  return db.transaction((tx) =>
    markFulfilled(tx, orderId, adminActor(adminId), { ...shipment, brand }),
  );
}

export async function deliverOrder(db: Database, adminId: string, orderId: string) {
  const brand = await emailBrand(db);
  return db.transaction((tx) => markDelivered(tx, orderId, adminActor(adminId), { brand }));
}

export function cancelOrderFromAdmin(
  db: Database,
  adminId: string,
  orderId: string,
  reason: string | null,
) {
  return cancelOrderAsAdmin(db, providerNamed, logger, { orderId, adminId, reason });
}

export function refundOrderFromAdmin(
  db: Database,
  adminId: string,
  orderId: string,
  refund: { amountPence?: number; restock: readonly RestockLine[]; reason: string | null },
) {
  return refundOrder(db, providerNamed, logger, { orderId, adminId, ...refund });
}
