import { asc, eq, or } from "drizzle-orm";
import type { AdminOrderDetail } from "../../common/orders/order-types";
import { entityHistory } from "../audit/audit-history";
import type { Database } from "../db/database";
import { giftCards } from "../gift-cards/schema";
import { orderLines } from "../orders/orders-service";
import { orders } from "../orders/schema";
import { creditedSoFar } from "../payments/refund-credit";
import { paymentEvents, refunds } from "../payments/schema";
import { unitsStillOut } from "../stock/stock-service";

// One order as the admin's order page shows it (behind the admin's guard): the order, its items,
// the provider's events, the refunds made, and its history from the audit log.

export async function getAdminOrder(db: Database, id: string): Promise<AdminOrderDetail | null> {
  const [order] = await db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
      fulfilledAt: orders.fulfilledAt,
      deliveredAt: orders.deliveredAt,
      subtotalPence: orders.subtotalPence,
      discountPence: orders.discountPence,
      shippingPence: orders.shippingPence,
      vatPence: orders.vatPence,
      totalPence: orders.totalPence,
      refundedPence: orders.refundedPence,
      giftCardPence: orders.giftCardPence,
      giftCardId: orders.giftCardId,
      refundDue: orders.refundDue,
      userId: orders.userId,
      customerFullName: orders.customerFullName,
      customerEmail: orders.customerEmail,
      customerPhone: orders.customerPhone,
      shippingAddress: orders.shippingAddress,
      deliveryMethodName: orders.deliveryMethodName,
      discountCode: orders.discountCode,
      offerTitle: orders.offerTitle,
      deliveryFrom: orders.deliveryFrom,
      deliveryTo: orders.deliveryTo,
      notes: orders.notes,
      paymentProvider: orders.paymentProvider,
      providerIntentId: orders.providerIntentId,
      paymentError: orders.paymentError,
      carrier: orders.carrier,
      trackingNumber: orders.trackingNumber,
    })
    .from(orders)
    .where(eq(orders.id, id));
  if (!order) return null;
  const [itemRows, out, credited, payments, refundRows, history, cards] = await Promise.all([
    orderLines(db, id),
    unitsStillOut(db, id),
    creditedSoFar(db, id),
    db
      .select({
        id: paymentEvents.id,
        type: paymentEvents.type,
        outcome: paymentEvents.outcome,
        provider: paymentEvents.provider,
        createdAt: paymentEvents.createdAt,
      })
      .from(paymentEvents)
      .where(eq(paymentEvents.orderId, id))
      .orderBy(asc(paymentEvents.createdAt)),
    db
      .select({
        id: refunds.id,
        amountPence: refunds.amountPence,
        status: refunds.status,
        restock: refunds.restock,
        reason: refunds.reason,
        error: refunds.error,
        attention: refunds.attention,
        createdAt: refunds.createdAt,
      })
      .from(refunds)
      .where(eq(refunds.orderId, id))
      .orderBy(asc(refunds.createdAt)),
    entityHistory(db, { type: "order", id }),
    db
      .select({
        id: giftCards.id,
        last4: giftCards.lastFour,
        orderId: giftCards.orderId,
        initialPence: giftCards.initialPence,
        balancePence: giftCards.balancePence,
        status: giftCards.status,
      })
      .from(giftCards)
      .where(
        or(
          eq(giftCards.orderId, id),
          order.giftCardId ? eq(giftCards.id, order.giftCardId) : undefined,
        ),
      )
      .orderBy(asc(giftCards.createdAt)),
  ]);
  // Units still out, counted per variant, shown on the variant's first line.
  const items = itemRows.map((item) => {
    const stillOut = Math.min(item.quantity, out.get(item.variantId) ?? 0);
    out.set(item.variantId, (out.get(item.variantId) ?? 0) - stillOut);
    return { ...item, stillOut, creditable: item.quantity - (credited.units.get(item.id) ?? 0) };
  });
  return {
    order: { ...order, deliveryCredited: credited.delivery },
    items,
    payments,
    refunds: refundRows,
    history,
    giftCards: cards.map(({ orderId, ...card }) => ({
      ...card,
      role: orderId === id ? ("bought" as const) : ("paid" as const),
    })),
  };
}
