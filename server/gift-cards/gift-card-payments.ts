import { and, eq, sql } from "drizzle-orm";
import {
  GIFT_CARD_MESSAGES,
  giftCardPays,
  isGiftCardCode,
  normaliseGiftCardCode,
} from "../../common/gift-cards/gift-cards";
import type { Actor } from "../audit/audit-log";
import type { Database } from "../db/database";
import { countCodeAttempt } from "../discounts/code-check";
import { DomainError } from "../errors";
import { giftCardCodeHash } from "./gift-card-codes";
import { giftCardEntries, giftCards } from "./schema";

// A gift card paying for orders (docs/decisions/066). A card is money, not a discount: it pays
// the total left after any code or first-order discount, and the provider is asked for the rest.
// The checkout reads the balance, writes the order, takes its stock, and spends from the card
// last, with one conditional update (as a code's use is claimed): of two orders spending one card
// at once, the second waits for the first, finds less than it was priced with, and is refused
// with nothing made. The card's row is locked after the variants' rows, as every writer that
// holds both locks them, so checkouts and cancellations never wait on each other in a circle.

const FIELD = "giftCardCode";

/** Who moved a card's balance, as its ledger writes it. */
export const actorLabel = (actor: Actor) => `${actor.type}:${actor.id}`;

type Card = typeof giftCards.$inferSelect;

/** Counts a gift card code tried, with the discount codes' limits: no guessing cards faster. */
export async function countGiftCardAttempt(
  db: Database,
  who: { userId: string | null; clientAddress: string | null },
  now = Date.now(),
): Promise<void> {
  await countCodeAttempt(db, who.userId, who.clientAddress, now).catch((error: unknown) => {
    if (error instanceof DomainError && error.code === "RATE_LIMITED") {
      throw new DomainError("RATE_LIMITED", GIFT_CARD_MESSAGES.tooManyAttempts, FIELD);
    }
    throw error;
  });
}

/**
 * The active card with a balance a code names, or why it cannot pay. The checkout reads it in
 * its transaction, after the customer's replaced order gave back what it held.
 */
export async function usableCard(db: Database, typed: string): Promise<Card> {
  const code = normaliseGiftCardCode(typed);
  // Found by its keyed hash, one indexed lookup: nothing in the time taken says how near a
  // typed code came to a card's.
  const [card] = isGiftCardCode(code)
    ? await db
        .select()
        .from(giftCards)
        .where(eq(giftCards.codeHash, giftCardCodeHash(code)))
    : [];
  if (!card) throw new DomainError("NOT_FOUND", GIFT_CARD_MESSAGES.unknown, FIELD);
  if (card.status !== "active") {
    throw new DomainError("CONFLICT", GIFT_CARD_MESSAGES.disabled, FIELD);
  }
  if (card.balancePence <= 0) throw new DomainError("CONFLICT", GIFT_CARD_MESSAGES.empty, FIELD);
  return card;
}

/**
 * What a card will pay of a total, as the order is written: refused when it is not what the
 * customer was shown (the balance moved since the page read it).
 */
export function plannedSpend(card: Card, totalPence: number, expectedPence: number | undefined) {
  const pays = giftCardPays(totalPence, card.balancePence);
  if (expectedPence !== undefined && pays !== expectedPence) {
    throw new DomainError("CONFLICT", GIFT_CARD_MESSAGES.balanceChanged, FIELD);
  }
  return pays;
}

/**
 * Takes `pence` from the card for an order, last before the checkout's commit. False when the
 * card no longer holds it (another order spent it first) or was disabled meanwhile.
 */
export async function spendGiftCard(
  tx: Database,
  spend: { cardId: string; orderId: string; pence: number; actor: Actor },
): Promise<boolean> {
  const [card] = await tx
    .update(giftCards)
    .set({ balancePence: sql`${giftCards.balancePence} - ${spend.pence}` })
    .where(
      and(
        eq(giftCards.id, spend.cardId),
        eq(giftCards.status, "active"),
        sql`${giftCards.balancePence} >= ${spend.pence}`,
      ),
    )
    .returning({ balancePence: giftCards.balancePence });
  if (!card) return false;
  await tx.insert(giftCardEntries).values({
    giftCardId: spend.cardId,
    kind: "spent",
    amountPence: -spend.pence,
    balanceAfterPence: card.balancePence,
    orderId: spend.orderId,
    actor: actorLabel(spend.actor),
  });
  return true;
}

/** What an order has taken from its card and not had back: its spend less what was returned. */
async function heldByOrder(tx: Database, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ held: sql<number>`coalesce(-sum(${giftCardEntries.amountPence}), 0)::int` })
    .from(giftCardEntries)
    .where(
      and(
        eq(giftCardEntries.orderId, orderId),
        sql`${giftCardEntries.kind} in ('spent', 'returned')`,
      ),
    );
  return Math.max(0, row?.held ?? 0);
}

/**
 * Puts back on the order's card what the order took: all it still holds (a cancelled order), or
 * `pence` of it (a refund's card part). The card's balance moves even when it was disabled since:
 * the money is the holder's; the admin decides what becomes of it.
 */
async function returnToGiftCard(
  tx: Database,
  orderId: string,
  actor: Actor,
  options: { pence?: number; reason: string | null },
): Promise<number> {
  const held = await heldByOrder(tx, orderId);
  const pence = Math.min(held, options.pence ?? held);
  if (pence <= 0) return 0;
  const [spent] = await tx
    .select({ giftCardId: giftCardEntries.giftCardId })
    .from(giftCardEntries)
    .where(and(eq(giftCardEntries.orderId, orderId), eq(giftCardEntries.kind, "spent")))
    .limit(1);
  if (!spent) return 0;
  const [card] = await tx
    .update(giftCards)
    .set({ balancePence: sql`${giftCards.balancePence} + ${pence}` })
    .where(eq(giftCards.id, spent.giftCardId))
    .returning({ balancePence: giftCards.balancePence });
  if (!card) return 0;
  await tx.insert(giftCardEntries).values({
    giftCardId: spent.giftCardId,
    kind: "returned",
    amountPence: pence,
    balanceAfterPence: card.balancePence,
    orderId,
    reason: options.reason,
    actor: actorLabel(actor),
  });
  return pence;
}

/** What this reaction reads of an order's event (server/orders/order-events.ts), by its shape. */
type OrderChange =
  | {
      type: "cancelled";
      order: { id: string; giftCardPence: number; paymentError: string | null };
      actor: Actor;
    }
  | {
      type: "money-back";
      order: { id: string };
      actor: Actor;
      giftCardPence: number;
      reason: string | null;
    }
  | { type: string };

/**
 * The gift card's part when an order changes (a reaction to the order domain's events, wired at
 * start by server/start/order-reactions.ts): a cancelled unpaid order gives back all it took of
 * its card; a refund gives back its gift card part. In the order's transaction, after its stock
 * (the order in which the checkout locks the rows).
 */
export async function giveBackToGiftCards(tx: Database, event: OrderChange): Promise<void> {
  if (event.type === "cancelled" && "actor" in event && "paymentError" in event.order) {
    if (event.order.giftCardPence > 0) {
      await returnToGiftCard(tx, event.order.id, event.actor, {
        reason: event.order.paymentError,
      });
    }
  } else if (event.type === "money-back" && "giftCardPence" in event && event.giftCardPence > 0) {
    await returnToGiftCard(tx, event.order.id, event.actor, {
      pence: event.giftCardPence,
      reason: event.reason,
    });
  }
}
