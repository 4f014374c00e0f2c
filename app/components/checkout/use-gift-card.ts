import type { CartLine } from "@common/cart/cart-rules";
import { giftCardPays } from "@common/gift-cards/gift-cards";
import { useState } from "react";
import { checkGiftCard, PaymentFailure, UNEXPECTED } from "~/lib/shop-api";

export type AppliedGiftCard = { code: string; balancePence: number };

/**
 * The checkout's gift card: the one the shop accepted, with its balance as read then, or why the
 * last one tried was refused. The server spends it with the order and refuses the order if the
 * balance moved since (docs/decisions/066).
 */
export function useGiftCard() {
  const [card, setCard] = useState<AppliedGiftCard | null>(null);
  const [note, setNote] = useState<string | null>(null);
  async function apply(text: string) {
    try {
      setCard(await checkGiftCard(text));
      setNote(null);
    } catch (error) {
      setCard(null);
      setNote(error instanceof PaymentFailure ? error.message : UNEXPECTED);
    }
  }
  function remove() {
    setCard(null);
    setNote(null);
  }
  /** Read again after a refusal: the balance shown must be the balance the order will find. */
  async function refresh() {
    if (card) await apply(card.code);
  }
  /** What the card pays of a total (never of gift cards bought), and what is left for the payment card. */
  function paying(totalPence: number, boughtPence: number) {
    const giftCardPence = card ? giftCardPays(totalPence - boughtPence, card.balancePence) : 0;
    return { giftCardPence, chargePence: totalPence - giftCardPence };
  }
  return { card, note, apply, remove, refresh, paying };
}

/** What the cart's gift cards bought come to. */
export function giftCardsBoughtPence(lines: readonly CartLine[]): number {
  return lines.reduce(
    (sum, line) => sum + (line.giftCard ? line.pricePence * line.quantity : 0),
    0,
  );
}
