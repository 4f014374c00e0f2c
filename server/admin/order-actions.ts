import { adminActor } from "../audit/audit-log";
import type { Database } from "../db/database";
import { logger } from "../logger";
import { cancelOrderAsAdmin, refundOrder } from "../orders/order-refunds";
import { markDelivered, markFulfilled } from "../orders/order-state";
import { type RefundResolution, resolveRefund } from "../orders/refund-checks";
import type { OrderStatus } from "../orders/schema";
import { providerNamed } from "../payments/payments";
import type { Credit } from "../payments/schema";
import { emailBrand } from "../settings/shop-settings";
import type { RestockLine } from "../stock/stock-service";

// What the admin does to an order from its page (docs/architecture.md#money-flow), each through the order's one writer
// (server/orders/order-state.ts) and recorded in the audit log with the admin's id. The caller is
// behind the admin's guard and passes the admin's own id from the session. Each action carries the
// status the admin's page showed (`expectedStatus`): an order that moved on meanwhile is refused
// with the news, never acted on blind.

export async function fulfilOrder(
  db: Database,
  adminId: string,
  orderId: string,
  shipment: {
    carrier: string | null;
    trackingNumber: string | null;
    expectedStatus?: OrderStatus | undefined;
  },
) {
  const brand = await emailBrand(db);
  return db.transaction((tx) =>
    markFulfilled(tx, orderId, adminActor(adminId), { ...shipment, brand }),
  );
}

export async function deliverOrder(
  db: Database,
  adminId: string,
  orderId: string,
  expectedStatus?: OrderStatus,
) {
  const brand = await emailBrand(db);
  return db.transaction((tx) =>
    markDelivered(tx, orderId, adminActor(adminId), { brand, expectedStatus }),
  );
}

export function cancelOrderFromAdmin(
  db: Database,
  adminId: string,
  orderId: string,
  cancel: {
    reason: string | null;
    expectedStatus?: OrderStatus | undefined;
    refundPence?: number | undefined;
  },
) {
  return cancelOrderAsAdmin(db, providerNamed, logger, { orderId, adminId, ...cancel });
}

export function refundOrderFromAdmin(
  db: Database,
  adminId: string,
  orderId: string,
  refund: {
    amountPence: number;
    restock: readonly RestockLine[];
    credit?: Credit | undefined;
    reason: string | null;
    expectedStatus?: OrderStatus | undefined;
  },
) {
  return refundOrder(db, providerNamed, logger, { orderId, adminId, ...refund });
}

export function resolveRefundFromAdmin(
  db: Database,
  adminId: string,
  orderId: string,
  resolution: { refundId: string; outcome: RefundResolution },
) {
  return resolveRefund(db, { orderId, adminId, ...resolution });
}
