import type { CartLine } from "@common/cart/cart-rules";
import { pricedLineOf } from "@common/checkout/pricing";
import {
  type AutomaticOffer,
  ONE_DISCOUNT_RULE,
  offerSavingPence,
  offerTerms,
} from "@common/discounts/offers";
import { formatPence, formatPenceInText } from "@common/money";
import { useEffect, useState } from "react";
import { ShopLink } from "~/components/ui/shop-link";
import { z } from "~/lib/browser-zod";

// The automatic offers in the cart (docs/decisions/070): the one this cart gets at checkout, or,
// when none applies yet, how close it is to each. The checkout prices the order with the same rules
// (common/discounts/offers.ts), and takes one discount, the one that saves most.

const text = z.string().check(z.maxLength(300));
const whole = z.int().check(z.minimum(0));
const common = {
  id: text,
  version: whole,
  title: text,
  endsAt: z.nullable(text),
};
const answerSchema = z.object({
  offers: z
    .array(
      z.union([
        z.object({
          ...common,
          kind: z.literal("buy_get"),
          buyQuantity: whole,
          getQuantity: whole,
          percentOff: whole,
          productIds: z.array(text),
        }),
        z.object({
          ...common,
          kind: z.literal("spend_get"),
          spendOverPence: whole,
          giftProductId: text,
          giftProductName: text,
        }),
      ]),
    )
    .check(z.maxLength(100)),
}) satisfies z.ZodMiniType<{ offers: AutomaticOffer[] }, unknown>;

/** The offers on sale, asked once per drawer opening; none when the shop does not answer. */
function useOffers(): AutomaticOffer[] {
  const [offers, setOffers] = useState<AutomaticOffer[]>([]);
  useEffect(() => {
    const request = new AbortController();
    fetch("/api/offers", { signal: request.signal, headers: { Accept: "application/json" } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`The shop answered ${response.status}.`);
        setOffers(answerSchema.parse(await response.json()).offers);
      })
      .catch((error: unknown) => {
        if (!request.signal.aborted) console.warn("Could not load the offers.", error);
      });
    return () => request.abort();
  }, []);
  return offers;
}

/** What the cart still needs for an offer, in the shopper's words; null: nothing to say. */
function nextStep(offer: AutomaticOffer, lines: readonly CartLine[]) {
  const goods = lines.filter((line) => !line.giftCard);
  if (offer.kind === "buy_get") {
    const units = goods
      .filter((line) => offer.productIds.includes(line.productId))
      .reduce((sum, line) => sum + line.quantity, 0);
    if (units === 0) return null;
    const group = offer.buyQuantity + offer.getQuantity;
    return `Add ${group - (units % group)} more for ${offerTerms(offer).toLowerCase()}.`;
  }
  const spent = goods.reduce((sum, line) => sum + line.pricePence * line.quantity, 0);
  const gift = goods.find((line) => line.productId === offer.giftProductId);
  const others = spent - (gift?.pricePence ?? 0);
  if (!gift && others > offer.spendOverPence) {
    return (
      <>
        Your order gets a free{" "}
        <ShopLink
          to={`/product/${offer.giftProductId}`}
          className="font-semibold underline underline-offset-2"
        >
          {offer.giftProductName}
        </ShopLink>
        : add it to your cart.
      </>
    );
  }
  return `Spend over ${formatPenceInText(offer.spendOverPence)}${gift ? " on other items" : ""} for a free ${offer.giftProductName}.`;
}

export function CartOffers({ lines }: { lines: readonly CartLine[] }) {
  const offers = useOffers();
  const priced = lines.map(pricedLineOf);
  const savings = offers.map((offer) => ({ offer, savingPence: offerSavingPence(offer, priced) }));
  // One discount per order: the offer saving most is the one shown, and no other is promised.
  const best = savings.reduce<(typeof savings)[number] | null>(
    (kept, entry) => (entry.savingPence > (kept?.savingPence ?? 0) ? entry : kept),
    null,
  );
  const shown = best
    ? [{ ...best, step: null }]
    : offers.flatMap((offer) => {
        const step = nextStep(offer, lines);
        return step ? [{ offer, savingPence: 0, step }] : [];
      });
  if (shown.length === 0) return null;
  return (
    <section aria-label="Offers" className="space-y-1 text-sm">
      <ul className="space-y-1">
        {shown.map(({ offer, savingPence, step }) => (
          <li key={offer.id} className="flex justify-between gap-3 text-brand-strong">
            {savingPence > 0 ? (
              <>
                <span>Offer: {offer.title}</span>
                <span>−{formatPence(savingPence)}</span>
              </>
            ) : (
              <span className="text-ink">
                <span className="font-semibold">{offer.title}</span>: {step}
              </span>
            )}
          </li>
        ))}
      </ul>
      {shown.some((entry) => entry.savingPence > 0) ? (
        <p className="text-xs text-ink-muted">{ONE_DISCOUNT_RULE}</p>
      ) : null}
    </section>
  );
}
