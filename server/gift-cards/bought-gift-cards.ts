import { and, eq } from "drizzle-orm";
import { shopDayStart } from "../../common/dates";
import type { BoughtGiftCard } from "../../common/gift-cards/gift-cards";
import { type Actor, systemActor } from "../audit/audit-log";
import type { Database } from "../db/database";
import { enqueueJob } from "../jobs/job-queue";
import { newGiftCardCode } from "./gift-card-admin";
import { actorLabel } from "./gift-card-payments";
import { giftCardEntries, giftCards } from "./schema";

// Gift cards bought at checkout (docs/decisions/067): written with the order, `pending` (no
// one sees their code, nothing can spend them), made money when the order is paid, and gone
// with an order cancelled unpaid. Each is its own card, emailed on its day to its recipient, or
// to the buyer when they gave none.

const PAID: Actor = systemActor("order-paid");

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
      code: newGiftCardCode(),
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
type OrderChange = { type: string; order: { id: string } };

/**
 * The cards an order bought, when it changes (a reaction wired by server/start/order-reactions.ts):
 * paid, each becomes money (its ledger's first entry) and its email is queued for its day;
 * cancelled unpaid, they are removed.
 */
export async function followBoughtGiftCards(tx: Database, event: OrderChange): Promise<void> {
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
