import { eq } from "drizzle-orm";
import { formatOrderNumber } from "../../common/orders/order-number";
import { type Actor, recordAudit } from "../audit/audit-log";
import type { Database } from "../db/database";
import { DomainError } from "../errors";
import { cancelOrder } from "./order-state";
import { orders } from "./schema";

const ANONYMISED = {
  customerFullName: "Deleted customer",
  customerEmail: "deleted@invalid",
  customerPhone: "",
  shippingAddress: "Removed at the customer's request",
  notes: null,
} as const;

/**
 * A customer's account goes (they deleted it, or the shop erased it at their request): refused
 * while an order is paid and not yet sent (it still needs its address); an open order is
 * cancelled (its stock back), and every order
 * stays for the shop's accounts without the customer's personal details (docs/architecture.md#data). The audit
 * rows say that the details went, never what they were.
 */
export async function anonymiseCustomerOrders(
  tx: Database,
  userId: string,
  actor: Actor,
  reason: string,
): Promise<number> {
  const own = await tx
    .select({ id: orders.id, status: orders.status, number: orders.number })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(orders.id)
    .for("update");
  // A paid order not yet sent still needs its address: never a paid order with nowhere to go.
  const unsent = own.find((order) => order.status === "paid");
  if (unsent) {
    const number = formatOrderNumber(unsent.number);
    throw new DomainError(
      "CONFLICT",
      actor.type === "customer"
        ? `You have an order we have not sent yet (${number}). You can delete your account once it is on its way, or contact us to cancel it.`
        : `This customer has an order paid but not yet sent (${number}): send or refund it first, then erase the account.`,
    );
  }
  for (const order of own) {
    if (order.status === "pending") await cancelOrder(tx, order.id, actor, reason);
  }
  for (const order of own) {
    await tx
      .update(orders)
      .set({ userId: null, ...ANONYMISED })
      .where(eq(orders.id, order.id));
    await recordAudit(tx, {
      actor,
      action: "order.anonymised",
      entity: { type: "order", id: order.id },
      before: { userId, personalDetails: "present" },
      after: { userId: null, personalDetails: "removed" },
      reason,
    });
  }
  return own.length;
}
