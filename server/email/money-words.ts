import { formatPence } from "../../common/money";

// How the customer's emails say where money went back (server/email/templates.ts).

/** "your card ending 4242", or the card in general when the provider did not say which. */
export const cardOf = (last4: string | null) =>
  last4 ? `your card ending ${last4}` : "the card you paid with";

/** Where a refund went: "£5.00 to your card ending 4242 and £2.00 to your gift card". */
export function refundedTo(
  amountPence: number,
  giftCardPence: number,
  cardLast4: string | null,
): string {
  const toCard = amountPence - giftCardPence;
  const parts = [
    ...(toCard > 0 ? [`${formatPence(toCard)} to ${cardOf(cardLast4)}`] : []),
    ...(giftCardPence > 0 ? [`${formatPence(giftCardPence)} to your gift card`] : []),
  ];
  return parts.join(" and ");
}
