import { formatPence } from "@common/money";
import { DiscountCodeField } from "./discount-code-field";
import type { useGiftCard } from "./use-gift-card";

/** The summary's gift card: typed and applied, then its balance and what is left after the order. */
export function GiftCardField({
  giftCard,
  paysPence,
  disabled,
}: {
  giftCard: ReturnType<typeof useGiftCard>;
  /** What the card pays of this order. */
  paysPence: number;
  disabled: boolean;
}) {
  const { card } = giftCard;
  return (
    <DiscountCodeField
      label="Gift card"
      name="giftCardCode"
      applied={card?.code ?? null}
      appliedText={
        card ? (
          <>
            Gift card <span className="font-semibold">•••• {card.code.slice(-4)}</span>:{" "}
            {formatPence(card.balancePence)} balance, {formatPence(card.balancePence - paysPence)}{" "}
            left after this order
          </>
        ) : null
      }
      note={giftCard.note}
      apply={giftCard.apply}
      remove={giftCard.remove}
      disabled={disabled}
    />
  );
}
