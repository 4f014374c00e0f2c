import { checkoutRequestSchema } from "@common/checkout/checkout-input";
import { GIFT_CARD_MESSAGES, normaliseGiftCardCode } from "@common/gift-cards/gift-cards";
import { getDb } from "@server/db/connection";
import { DomainError } from "@server/errors";
import { countGiftCardAttempt, usableCard } from "@server/gift-cards/gift-card-payments";
import { apiRoute } from "@server/http/api-route";
import { z } from "zod";

/**
 * POST /api/checkout/gift-card (docs/api.md): `{ giftCardCode }` in, `{ code, balancePence }` out
 * when the card can pay; `{ error }` with the reason (404, 409) or 429 past the codes a shopper
 * may try. Signed in, as the checkout is: the summary shows what the card pays and what is left.
 */
const giftCard = apiRoute({
  methods: ["POST"],
  signedIn: true,
  body: z.object({ giftCardCode: checkoutRequestSchema.shape.giftCardCode }),
  failure: "The gift card could not be checked. Please try again.",
  handle: async ({ user, body, clientAddress }) => {
    if (!body.giftCardCode) throw new DomainError("BAD_REQUEST", GIFT_CARD_MESSAGES.unknown);
    const db = await getDb();
    await countGiftCardAttempt(db, { userId: user.id, clientAddress });
    const card = await usableCard(db, body.giftCardCode);
    // The code as the shopper typed it, tidied: the shop keeps only its hash.
    return { code: normaliseGiftCardCode(body.giftCardCode), balancePence: card.balancePence };
  },
});

export const loader = giftCard;
export const action = giftCard;
