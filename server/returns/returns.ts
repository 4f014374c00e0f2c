import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { itemName } from "../../common/cart/cart-rules";
import { formatLongDate } from "../../common/dates";
import { BOUGHT_GIFT_CARD_ITEM } from "../../common/gift-cards/gift-cards";
import { formatOrderNumber } from "../../common/orders/order-number";
import {
  formatReturnNumber,
  type ReturnOffer,
  type ReturnRefund,
  type ReturnView,
} from "../../common/returns/returns";
import { customerActor, recordAudit } from "../audit/audit-log";
import type { Database } from "../db/database";
import { isUniqueViolation } from "../db/errors";
import { queueEmail } from "../email/outbox";
import { returnRequestedEmail } from "../email/return-templates";
import { DomainError } from "../errors";
import { orderItems, orders } from "../orders/schema";
import { refunds } from "../payments/schema";
import type { Brand } from "../settings/shop-settings";
import { returnItems, returns } from "./schema";

// A customer's returns (docs/decisions/047-returns.md): what an order allows to be sent back, the
// request itself, and every return of an order as both pages show it. Every request is decided
// under the order's lock, so two at once cannot return the same unit twice.

const DAY_MS = 24 * 60 * 60 * 1000;

type Order = typeof orders.$inferSelect;
export type ReturnRules = { returnWindowDays: number; returnReasons: string[] };

/** The last moment to ask, or null for an order not delivered. */
const lastMoment = (order: Pick<Order, "deliveredAt">, days: number) =>
  order.deliveredAt ? new Date(order.deliveredAt.getTime() + days * DAY_MS) : null;

const nameOf = (item: { productName: string; variantName: string }) =>
  itemName(item.productName, item.variantName);

/** Each line of an order with the units not yet in a return (one rejected gives its units back). */
async function returnableLines(tx: Database, orderId: string) {
  const lines = await tx
    .select({
      id: orderItems.id,
      variantId: orderItems.variantId,
      productName: orderItems.productName,
      variantName: orderItems.variantName,
      unitPricePence: orderItems.unitPricePence,
      quantity: orderItems.quantity,
      // Written out in full: inside a subquery Drizzle names columns without their table.
      inReturns: sql<number>`coalesce((select sum(ri.quantity) from return_items as ri join returns as r on r.id = ri.return_id where ri.order_item_id = "order_items"."id" and r.status <> 'rejected'), 0)::int`,
    })
    .from(orderItems)
    // A gift card bought is money, not goods: it is not sent back (docs/decisions/067).
    .where(and(eq(orderItems.orderId, orderId), ne(orderItems.productId, BOUGHT_GIFT_CARD_ITEM)))
    .orderBy(asc(orderItems.productName), asc(orderItems.variantName));
  return lines.map((line) => ({ ...line, returnable: line.quantity - line.inReturns }));
}

async function openReturnOf(tx: Database, orderId: string) {
  const [open] = await tx
    .select({ id: returns.id })
    .from(returns)
    .where(and(eq(returns.orderId, orderId), inArray(returns.status, ["requested", "approved"])));
  return open;
}

/** Why an order takes no return now, or null when it does. */
function closedBecause(order: Order, rules: ReturnRules, now: Date): string | null {
  const last = lastMoment(order, rules.returnWindowDays);
  if (order.status !== "delivered" || !last)
    return "Items can be returned once the order has been delivered.";
  if (now > last)
    return `The ${rules.returnWindowDays} days to return this order ended on ${formatLongDate(last)}.`;
  return null;
}

/** What the customer's order page offers for a return now. */
export async function returnOffer(
  db: Database,
  order: Order,
  rules: ReturnRules,
  now = new Date(),
): Promise<ReturnOffer> {
  const lines = (await returnableLines(db, order.id)).map((line) => ({
    orderItemId: line.id,
    name: nameOf(line),
    returnable: line.returnable,
  }));
  let why = closedBecause(order, rules, now);
  if (!why && (await openReturnOf(db, order.id)))
    why = "Your return request is open: we will answer it first.";
  if (!why && lines.every((line) => line.returnable === 0))
    why = "Every item of this order is in a return already.";
  return {
    lastDay: lastMoment(order, rules.returnWindowDays),
    open: why === null,
    closedBecause: why,
    reasons: rules.returnReasons,
    lines,
  };
}

export type ReturnRequest = {
  userId: string;
  orderId: string;
  lines: { orderItemId: string; quantity: number }[];
  reason: string;
  details: string | null;
};

/**
 * The customer asks to return units of their delivered order, within the window: checked against
 * what the order bought less what its other returns hold, written with its items, the customer
 * emailed and the order's history told, in one transaction under the order's lock.
 */
export async function requestReturn(
  db: Database,
  brand: Brand,
  rules: ReturnRules,
  request: ReturnRequest,
  now = new Date(),
): Promise<{ returnId: string; number: number }> {
  try {
    return await db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.id, request.orderId), eq(orders.userId, request.userId)))
        .for("update");
      if (!order) throw new DomainError("NOT_FOUND", "Order not found.");
      const why = closedBecause(order, rules, now);
      if (why) throw new DomainError("CONFLICT", why);
      if (await openReturnOf(tx, order.id))
        throw new DomainError("CONFLICT", "A return for this order is open already.");
      if (!rules.returnReasons.includes(request.reason))
        throw new DomainError("BAD_REQUEST", "Choose a reason from the list.", "reason");
      const lines = await returnableLines(tx, order.id);
      const asked = request.lines.filter((line) => line.quantity > 0);
      if (asked.length === 0)
        throw new DomainError("BAD_REQUEST", "Choose at least one item to return.", "items");
      const chosen = asked.map((line) => {
        const item = lines.find((each) => each.id === line.orderItemId);
        if (!item) throw new DomainError("BAD_REQUEST", "That item is not in this order.", "items");
        if (!Number.isInteger(line.quantity) || line.quantity > item.returnable) {
          throw new DomainError(
            "BAD_REQUEST",
            item.returnable === 0
              ? `${nameOf(item)} is in a return already.`
              : `You can return at most ${item.returnable} of ${nameOf(item)}.`,
            "items",
          );
        }
        return { item, quantity: line.quantity };
      });
      const [created] = await tx
        .insert(returns)
        .values({
          orderId: order.id,
          userId: request.userId,
          reason: request.reason,
          details: request.details,
        })
        .returning({ id: returns.id, number: returns.number });
      if (!created) throw new Error("the return insert returned nothing");
      await tx.insert(returnItems).values(
        chosen.map(({ item, quantity }) => ({
          returnId: created.id,
          orderItemId: item.id,
          quantity,
        })),
      );
      const items = chosen.map(({ item, quantity }) => `${quantity} × ${nameOf(item)}`);
      await queueEmail(
        tx,
        "return-requested",
        returnRequestedEmail(brand, order.customerEmail, {
          orderId: order.id,
          orderNumber: formatOrderNumber(order.number),
          returnNumber: created.number,
          customerName: order.customerFullName,
          items,
          adminMessage: null,
        }),
      );
      await recordAudit(tx, {
        actor: customerActor(request.userId),
        action: "order.return_requested",
        entity: { type: "order", id: order.id },
        after: { returnId: created.id, number: created.number },
        reason: `${formatReturnNumber(created.number)}: ${items.join(", ")}. ${request.reason}${request.details ? `: ${request.details}` : "."}`,
      });
      return { returnId: created.id, number: created.number };
    });
  } catch (error) {
    // Two requests at once: the second finds the first's open return.
    if (isUniqueViolation(error, "returns_one_open_per_order_idx"))
      throw new DomainError("CONFLICT", "A return for this order is open already.");
    throw error;
  }
}

/** Every return of an order, newest first, with its items and its refund's latest state. */
export async function returnsOfOrder(db: Database, orderId: string): Promise<ReturnView[]> {
  const rows = await db
    .select()
    .from(returns)
    .where(eq(returns.orderId, orderId))
    .orderBy(desc(returns.createdAt));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [items, refundRows] = await Promise.all([
    db
      .select({
        returnId: returnItems.returnId,
        orderItemId: returnItems.orderItemId,
        quantity: returnItems.quantity,
        variantId: orderItems.variantId,
        productName: orderItems.productName,
        variantName: orderItems.variantName,
        unitPricePence: orderItems.unitPricePence,
      })
      .from(returnItems)
      .innerJoin(orderItems, eq(orderItems.id, returnItems.orderItemId))
      .where(inArray(returnItems.returnId, ids))
      .orderBy(asc(orderItems.productName)),
    db
      .select({
        returnId: refunds.returnId,
        status: refunds.status,
        amountPence: refunds.amountPence,
      })
      .from(refunds)
      .where(inArray(refunds.returnId, ids))
      .orderBy(desc(refunds.createdAt)),
  ]);
  return rows.map((row) => {
    // The refund under way or made, else the last that failed (the admin may try again).
    const own = refundRows.filter((refund) => refund.returnId === row.id);
    const latest = own.find((refund) => refund.status !== "failed") ?? own[0];
    const refund: ReturnRefund | null = latest
      ? { status: latest.status, amountPence: latest.amountPence }
      : null;
    return {
      id: row.id,
      number: row.number,
      status: row.status,
      reason: row.reason,
      details: row.details,
      adminMessage: row.adminMessage,
      createdAt: row.createdAt,
      decidedAt: row.decidedAt,
      receivedAt: row.receivedAt,
      refundPence: row.refundPence,
      includesDelivery: row.includesDelivery,
      refund,
      items: items
        .filter((item) => item.returnId === row.id)
        .map((item) => ({
          orderItemId: item.orderItemId,
          variantId: item.variantId,
          name: nameOf(item),
          quantity: item.quantity,
          unitPricePence: item.unitPricePence,
        })),
    };
  });
}

/** A customer's returns of their own order and what it allows now; null for anyone else's order. */
export async function customerReturns(
  db: Database,
  userId: string,
  orderId: string,
  rules: ReturnRules,
): Promise<{ returns: ReturnView[]; offer: ReturnOffer } | null> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) return null;
  const [views, offer] = await Promise.all([
    returnsOfOrder(db, order.id),
    returnOffer(db, order, rules),
  ]);
  return { returns: views, offer };
}

export type OpenReturn = {
  id: string;
  number: number;
  status: "requested" | "approved";
  orderId: string;
  orderNumber: number;
  customerName: string;
  createdAt: Date;
};

/** Returns waiting for the shop (an answer, or the parcel), oldest first, for the overview. */
export async function openReturns(db: Database, limit = 20): Promise<OpenReturn[]> {
  const rows = await db
    .select({
      id: returns.id,
      number: returns.number,
      status: returns.status,
      orderId: returns.orderId,
      orderNumber: orders.number,
      customerName: orders.customerFullName,
      createdAt: returns.createdAt,
    })
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .where(inArray(returns.status, ["requested", "approved"]))
    .orderBy(asc(returns.createdAt))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    status: row.status === "approved" ? "approved" : "requested",
  }));
}

/** Where an approved return is sent: the business's legal name and address, a part a line. */
export function returnAddress(settings: { legalName: string; businessAddress: string }): string[] {
  return [settings.legalName, ...settings.businessAddress.split(/\s*,\s*/)];
}
