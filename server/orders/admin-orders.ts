import { desc, eq } from "drizzle-orm";
import type { Database } from "../db/database";
import { orders } from "../db/schema/orders";

// What the admin must act on. Callers check the admin role first (requireAdmin).

export type RefundDueOrder = {
  id: string;
  status: string;
  customerEmail: string;
  totalPence: number;
  paymentProvider: string | null;
  providerIntentId: string | null;
  paymentError: string | null;
  updatedAt: Date;
};

/**
 * Orders whose money arrived when it could not be taken: paid after being cancelled, or a wrong
 * amount (DESIGN §5). The admin refunds them with the provider.
 */
export function listRefundDueOrders(db: Database, limit = 50): Promise<RefundDueOrder[]> {
  return db
    .select({
      id: orders.id,
      status: orders.status,
      customerEmail: orders.customerEmail,
      totalPence: orders.totalPence,
      paymentProvider: orders.paymentProvider,
      providerIntentId: orders.providerIntentId,
      paymentError: orders.paymentError,
      updatedAt: orders.updatedAt,
    })
    .from(orders)
    .where(eq(orders.refundDue, true))
    .orderBy(desc(orders.updatedAt))
    .limit(limit);
}
