import { and, asc, eq, inArray, isNotNull, ne, or, sql } from "drizzle-orm";
import { shopDayStart } from "../../common/dates";
import {
  BOUGHT_GIFT_CARD_ITEM,
  type BoughtGiftCard,
  maskedGiftCardCode,
} from "../../common/gift-cards/gift-cards";
import { type Actor, systemActor } from "../audit/audit-log";
import type { Database } from "../db/database";
import { enqueueJob } from "../jobs/job-queue";
import { markFulfilled } from "../orders/order-state";
import { orderItems, orders } from "../orders/schema";
import { codeColumns, newGiftCardCode } from "./gift-card-codes";
import { actorLabel } from "./gift-card-payments";
import { checkRefundOfCards, reclaimRefundedCards } from "./refunded-gift-cards";
import { giftCardEntries, giftCards } from "./schema";

// Gift cards bought at checkout (docs/decisions/067): written with the order, `pending` (no
// one sees their code, nothing can spend them), made money when the order is paid, and gone
// with an order cancelled unpaid. Each is its own card, emailed on its day to its recipient, or
// to the buyer when they gave none.

const PAID: Actor = systemActor("order-paid");
const CARDS_ISSUED: Actor = systemActor("gift-cards-issued");

/** Whether an order has anything but gift cards to send. */
async function sendsGoods(tx: Database, orderId: string): Promise<boolean> {
  const [goods] = await tx
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), ne(orderItems.productId, BOUGHT_GIFT_CARD_ITEM)))
    .limit(1);
  return goods !== undefined;
}

/** The order's cards, pending, in the checkout's transaction. */
export async function holdBoughtGiftCards(
  tx: Database,
  order: {
    orderId: string;
    cards: readonly BoughtGiftCard[];
    buyer: { email: string; name: string };
    actor: Actor;
  },
): Promise<void> {
  if (order.cards.length === 0) return;
  await tx.insert(giftCards).values(
    order.cards.map((card) => ({
      // Emailed once, to whom it is for; the buyer's order shows its last four.
      ...codeColumns(newGiftCardCode(), true),
      initialPence: card.amountPence,
      balancePence: card.amountPence,
      status: "pending" as const,
      recipientEmail: card.recipientEmail ?? order.buyer.email,
      recipientName: card.recipientName,
      // To someone else, from the buyer unless they said; to themselves, from no one.
      senderName: card.recipientEmail ? (card.senderName ?? order.buyer.name) : card.senderName,
      message: card.message,
      sendOn: card.sendOn ? shopDayStart(card.sendOn) : null,
      issuedBy: actorLabel(order.actor),
      orderId: order.orderId,
    })),
  );
}

/** What this reaction reads of an order's event (server/orders/order-events.ts), by its shape. */
type OrderChange = {
  type: string;
  order: { id: string; number: number; totalPence: number; refundedPence: number };
  /** A refund asked, or money back: how much, the order cancelled with it, the lines it was for. */
  amountPence?: number;
  cancelled?: boolean;
  credit?: { items: { orderItemId: string; quantity: number }[] };
  actor?: Actor;
};

/** A refund's part in the cards, from its event: what the order had left before it. */
function cardRefundOf(event: OrderChange, leftPence: number) {
  return {
    order: event.order,
    leftPence,
    amountPence: event.amountPence ?? 0,
    cancelled: event.cancelled ?? false,
    credit: event.credit ?? { items: [] },
    actor: event.actor,
  };
}

/**
 * The cards an order bought, when it changes (a reaction wired by server/start/order-reactions.ts):
 * paid, each becomes money (its ledger's first entry) and its email is queued for its day, and an
 * order of cards alone is marked sent; cancelled unpaid, they are removed; a refund asked is
 * refused if the cards cannot cover it, and once made, what it took back comes off the cards
 * (./refunded-gift-cards.ts).
 */
export async function followBoughtGiftCards(tx: Database, event: OrderChange): Promise<void> {
  const { order } = event;
  // Asked: refused if the cards cannot cover it. Made: the order's row already counts it.
  if (event.type === "refund-asked") {
    return checkRefundOfCards(tx, cardRefundOf(event, order.totalPence - order.refundedPence));
  }
  if (event.type === "money-back") {
    const left = order.totalPence - order.refundedPence + (event.amountPence ?? 0);
    return reclaimRefundedCards(tx, cardRefundOf(event, left));
  }
  if (event.type === "cancelled") {
    await tx
      .delete(giftCards)
      .where(and(eq(giftCards.orderId, event.order.id), eq(giftCards.status, "pending")));
    return;
  }
  if (event.type !== "paid") return;
  const now = new Date();
  const issued = await tx
    .update(giftCards)
    .set({ status: "active" })
    .where(and(eq(giftCards.orderId, event.order.id), eq(giftCards.status, "pending")))
    .returning();
  // Gift cards alone: nothing to send, the order is done once its cards are issued (no
  // "on its way" email: its cards' own emails say it).
  if (issued.length > 0 && !(await sendsGoods(tx, event.order.id))) {
    await markFulfilled(tx, event.order.id, CARDS_ISSUED);
  }
  for (const card of issued) {
    await tx.insert(giftCardEntries).values({
      giftCardId: card.id,
      kind: "issued",
      amountPence: card.initialPence,
      balanceAfterPence: card.balancePence,
      orderId: event.order.id,
      actor: actorLabel(PAID),
    });
    await enqueueJob(tx, {
      kind: "send-gift-card",
      subjectId: card.id,
      runAt: card.sendOn && card.sendOn > now ? card.sendOn : now,
    });
  }
}

/**
 * A customer's part in gift cards, for the copy of their data: those their orders bought and
 * those sent to their address (the code's end only; the card is money, not personal data).
 */
export async function giftCardsOfCustomer(db: Database, customer: { id: string; email: string }) {
  const rows = await db
    .select({
      lastFour: giftCards.lastFour,
      initialPence: giftCards.initialPence,
      balancePence: giftCards.balancePence,
      status: giftCards.status,
      recipientEmail: giftCards.recipientEmail,
      recipientName: giftCards.recipientName,
      senderName: giftCards.senderName,
      message: giftCards.message,
      sentAt: giftCards.sentAt,
      bought: sql<boolean>`${orders.userId} is not distinct from ${customer.id}`,
    })
    .from(giftCards)
    .leftJoin(orders, eq(orders.id, giftCards.orderId))
    .where(or(eq(orders.userId, customer.id), eq(giftCards.recipientEmail, customer.email)))
    .orderBy(asc(giftCards.createdAt));
  return rows.map(({ lastFour, ...card }) => ({ ...card, code: maskedGiftCardCode(lastFour) }));
}

/**
 * An erased customer's part in gift cards goes (server/auth/delete-account.ts): the sender's name
 * and message on the cards their orders bought, and their address on cards sent to them. A card
 * not sent yet keeps its recipient's address until its day; every balance stays, as money owed.
 */
export async function forgetGiftCardPeople(tx: Database, customer: { id: string; email: string }) {
  const theirOrders = tx
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.userId, customer.id));
  await tx
    .update(giftCards)
    .set({ senderName: null, message: null })
    .where(inArray(giftCards.orderId, theirOrders));
  await tx
    .update(giftCards)
    .set({ recipientEmail: null, recipientName: null })
    .where(and(eq(giftCards.recipientEmail, customer.email), isNotNull(giftCards.sentAt)));
}
