import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { BOUGHT_GIFT_CARD_ITEM } from "../../common/gift-cards/gift-cards";
import { formatPence } from "../../common/money";
import { formatOrderNumber } from "../../common/orders/order-number";
import { type Actor, systemActor } from "../audit/audit-log";
import type { Database } from "../db/database";
import { DomainError } from "../errors";
import { logger } from "../logger";
import { orderItems } from "../orders/schema";
import { actorLabel } from "./gift-card-payments";
import { giftCardEntries, giftCards } from "./schema";

// Money going back for an order that bought gift cards (docs/decisions/077): never more than the
// shop can give without paying twice. A card is money the shop owes its holder; what was spent
// from it the shop has paid out already, in goods. So a refund may give back what the order paid
// for its goods, and of each card only what is still on it, taken off the card with the same
// refund: the cards whose lines the refund credits (all of them when the order is cancelled) are
// taken back whole, and only while nothing has been spent from them; money beyond what the goods
// left can give is taken from the other cards' balances. A refund the cards cannot cover is
// refused before any money moves, with the reason ("£30.00 of this card has been spent.").

const REFUNDED: Actor = systemActor("order-refunded");

type Card = typeof giftCards.$inferSelect;

/** What a refund of an order asks, as its events carry it (server/orders/order-events.ts). */
export type CardRefund = {
  order: { id: string; number: number; totalPence: number };
  /** What the order had left to refund before this refund. */
  leftPence: number;
  amountPence: number;
  cancelled: boolean;
  credit: { items: { orderItemId: string; quantity: number }[] };
};

type Take = { card: Card; pence: number };

const spentMessage = (pence: number) => `${formatPence(pence)} of this card has been spent.`;

/** The cards whose lines a refund credits (a line names its card by amount and recipient). */
async function creditedCards(tx: Database, cards: Card[], refund: CardRefund): Promise<Card[]> {
  if (refund.cancelled) return cards;
  const creditedIds = refund.credit.items.map((item) => item.orderItemId);
  if (creditedIds.length === 0) return [];
  const lines = await tx
    .select({ unitPricePence: orderItems.unitPricePence, variantName: orderItems.variantName })
    .from(orderItems)
    .where(
      and(inArray(orderItems.id, creditedIds), eq(orderItems.productId, BOUGHT_GIFT_CARD_ITEM)),
    );
  // "£25.00, for grace@example.com", or "£25.00, for you".
  const left = [...cards];
  return lines.flatMap((line) => {
    const at = left.findIndex(
      (card) =>
        card.initialPence === line.unitPricePence &&
        (line.variantName.endsWith(", for you") ||
          line.variantName.endsWith(`, for ${card.recipientEmail ?? ""}`)),
    );
    return at === -1 ? [] : left.splice(at, 1);
  });
}

/** What each card gave back with this order's refunds so far, by card. */
async function takenBackSoFar(tx: Database, orderId: string): Promise<Map<string, number>> {
  const rows = await tx
    .select({
      cardId: giftCardEntries.giftCardId,
      pence: sql<number>`coalesce(-sum(${giftCardEntries.amountPence}), 0)::int`,
    })
    .from(giftCardEntries)
    .where(and(eq(giftCardEntries.orderId, orderId), eq(giftCardEntries.kind, "adjusted")))
    .groupBy(giftCardEntries.giftCardId);
  return new Map(rows.map((row) => [row.cardId, row.pence]));
}

/**
 * What a refund takes off each card the order bought, the cards locked; refused (a DomainError)
 * when the cards cannot cover it. `strict` false (the money is back already) takes what is there.
 */
async function plannedTakes(tx: Database, refund: CardRefund, strict: boolean): Promise<Take[]> {
  const cards = await tx
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.orderId, refund.order.id), ne(giftCards.status, "pending")))
    .orderBy(asc(giftCards.createdAt), asc(giftCards.id))
    .for("update");
  if (cards.length === 0) return [];
  const back = await takenBackSoFar(tx, refund.order.id);
  // Of each card's price, what the shop keeps: all of it, less what its refunds gave back.
  const held = new Map(
    cards.map((card) => [card.id, card.initialPence - (back.get(card.id) ?? 0)]),
  );
  const spentOf = (card: Card) => Math.max(0, (held.get(card.id) ?? 0) - card.balancePence);
  const takes: Take[] = [];
  for (const card of await creditedCards(tx, cards, refund)) {
    if (strict && spentOf(card) > 0) {
      throw new DomainError("BAD_REQUEST", spentMessage(spentOf(card)));
    }
    if (card.balancePence > 0) takes.push({ card, pence: card.balancePence });
  }
  const heldAfter =
    [...held.values()].reduce((sum, pence) => sum + pence, 0) -
    takes.reduce((sum, take) => sum + take.pence, 0);
  // What the goods left cannot give comes off the other cards' balances.
  let need = refund.amountPence - (refund.leftPence - heldAfter);
  for (const card of cards) {
    if (need <= 0) break;
    if (takes.some((take) => take.card.id === card.id) || card.balancePence === 0) continue;
    const pence = Math.min(card.balancePence, need);
    takes.push({ card, pence });
    need -= pence;
  }
  if (need > 0 && strict) {
    const spent = cards.map(spentOf).find((pence) => pence > 0);
    throw new DomainError(
      "BAD_REQUEST",
      spent
        ? spentMessage(spent)
        : `The gift cards this order bought hold less than that: refund at most ${formatPence(refund.amountPence - need)}.`,
    );
  }
  return takes;
}

/** A refund's first step: refused when the cards the order bought cannot cover it. */
export async function checkRefundOfCards(tx: Database, refund: CardRefund): Promise<void> {
  await plannedTakes(tx, refund, true);
}

/**
 * The money went back: each card's part is taken off it, in its ledger with the order, a card
 * emptied disabled. Spent meanwhile (between the check and the provider's answer), what is left
 * is taken and the shortfall logged for the shop.
 */
export async function reclaimRefundedCards(
  tx: Database,
  refund: CardRefund & { actor?: Actor | undefined },
): Promise<void> {
  const takes = await plannedTakes(tx, refund, false);
  const reason = `Refunded with order ${formatOrderNumber(refund.order.number)}.`;
  for (const { card, pence } of takes) {
    const taken = Math.min(pence, card.balancePence);
    if (taken < pence) {
      logger.warn(
        { giftCardId: card.id, orderId: refund.order.id, shortPence: pence - taken },
        "a gift card was spent while its refund was made",
      );
    }
    const balance = card.balancePence - taken;
    await tx
      .update(giftCards)
      .set({
        balancePence: balance,
        ...(balance === 0 ? { status: "disabled" as const } : {}),
        version: card.version + 1,
      })
      .where(eq(giftCards.id, card.id));
    await tx.insert(giftCardEntries).values({
      giftCardId: card.id,
      kind: "adjusted",
      amountPence: -taken,
      balanceAfterPence: balance,
      orderId: refund.order.id,
      reason,
      actor: actorLabel(refund.actor ?? REFUNDED),
    });
  }
}
