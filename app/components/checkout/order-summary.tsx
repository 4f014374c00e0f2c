import { type CartLine, DEFAULT_VARIANT_NAME, lineTotalPence } from "@common/cart/cart-rules";
import type { OrderPricing, PricingSettings } from "@common/checkout/pricing";
import { type DeliveryOption, formatDeliveryWindow } from "@common/delivery/delivery";
import { type CodeOffer, codeLabel } from "@common/discounts/discounts";
import { type AutomaticOffer, ONE_DISCOUNT_RULE, offerTerms } from "@common/discounts/offers";
import { maskedGiftCardCode } from "@common/gift-cards/gift-cards";
import { formatPence } from "@common/money";
import type { ReactNode } from "react";
import { ProductImage } from "~/components/ui/product-image";
import { offerTexts } from "~/lib/offers";

/** The cart as it will be charged: its lines and the pricing lines (docs/architecture.md#money-flow). */
export function OrderSummary({
  lines,
  pricing,
  settings,
  delivery,
  code,
  offer,
  codeField,
  giftCard,
}: {
  lines: CartLine[] | null;
  pricing: OrderPricing | null;
  /** The shop's pricing rules the lines were priced by. */
  settings: PricingSettings;
  /** The delivery chosen. */
  delivery: DeliveryOption | null;
  /** The discount code the pricing took, when it took one. */
  code: { code: string; offer: CodeOffer } | null;
  /** The automatic offer the pricing took, when it took one (never with a code). */
  offer?: AutomaticOffer | null;
  /** Where a code is typed. */
  codeField: ReactNode;
  /** The gift card paying part or all of the total, and what it pays; with where it is typed. */
  giftCard?: { code: string; paysPence: number; field: ReactNode } | undefined;
}) {
  const offers = offerTexts(settings);
  return (
    <section
      aria-labelledby="summary-heading"
      className="order-first self-start rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-soft lg:sticky lg:top-24 lg:order-last"
    >
      <h2 id="summary-heading" className="text-lg font-semibold">
        Order summary
      </h2>
      {lines === null || pricing === null ? (
        <p className="mt-4 text-sm text-ink-muted" aria-live="polite">
          Loading your cart…
        </p>
      ) : (
        <>
          <ul className="mt-4 divide-y divide-line">
            {lines.map((line) => (
              <li key={line.variantId} className="flex items-center gap-3 py-3">
                <div className="w-14 shrink-0 overflow-hidden rounded-lg border border-line">
                  <ProductImage src={line.imageUrl} alt="" />
                </div>
                <div className="min-w-0 flex-1 text-sm">
                  <p className="font-medium">{line.name}</p>
                  <p className="text-ink-muted">
                    {line.variantName === DEFAULT_VARIANT_NAME ? "" : `${line.variantName} · `}
                    Qty {line.quantity}
                  </p>
                </div>
                <span className="text-sm font-medium">{formatPence(lineTotalPence(line))}</span>
              </li>
            ))}
          </ul>
          <dl className="mt-2 space-y-2 border-t border-line pt-4 text-sm">
            <div className="flex justify-between">
              <dt>Subtotal</dt>
              <dd>{formatPence(pricing.subtotalPence)}</dd>
            </div>
            {code ? (
              <div className="flex justify-between gap-3 text-brand-strong">
                <dt>{codeLabel(code.code, code.offer)}</dt>
                <dd>
                  {code.offer.kind === "free_delivery"
                    ? "Applied"
                    : `−${formatPence(pricing.discountPence)}`}
                </dd>
              </div>
            ) : offer ? (
              <div className="flex flex-wrap justify-between gap-x-3 text-brand-strong">
                <dt>Offer: {offer.title}</dt>
                <dd>−{formatPence(pricing.discountPence)}</dd>
                <dd className="w-full text-xs text-ink-muted">
                  {offerTerms(offer)}. {ONE_DISCOUNT_RULE}
                </dd>
              </div>
            ) : pricing.discountPence > 0 ? (
              <div className="flex justify-between text-brand-strong">
                <dt>First-order discount ({offers.firstOrderDiscount})</dt>
                <dd>−{formatPence(pricing.discountPence)}</dd>
              </div>
            ) : null}
            {/* Gift cards alone are emailed: there is no shipping to show. */}
            {lines.some((line) => !line.giftCard) ? (
              <div className="flex justify-between gap-3">
                <dt>Shipping{delivery ? ` (${delivery.name})` : ""}</dt>
                <dd>{pricing.shippingPence === 0 ? "Free" : formatPence(pricing.shippingPence)}</dd>
              </div>
            ) : null}
            <div className="flex justify-between border-t border-line pt-3 text-base font-bold">
              <dt>Total</dt>
              <dd data-testid="checkout-total">{formatPence(pricing.totalPence)}</dd>
            </div>
            <div className="flex justify-between text-ink-muted">
              <dt>Including VAT (20%)</dt>
              <dd>{formatPence(pricing.vatPence)}</dd>
            </div>
            {giftCard && giftCard.paysPence > 0 ? (
              <>
                <div className="flex justify-between gap-3 border-t border-line pt-3 text-brand-strong">
                  <dt>Gift card {maskedGiftCardCode(giftCard.code)}</dt>
                  <dd>−{formatPence(giftCard.paysPence)}</dd>
                </div>
                <div className="flex justify-between text-base font-bold">
                  <dt>To pay by card</dt>
                  <dd data-testid="checkout-charge">
                    {formatPence(pricing.totalPence - giftCard.paysPence)}
                  </dd>
                </div>
              </>
            ) : null}
          </dl>
          {delivery ? (
            <p className="mt-4 text-sm text-ink-muted" data-testid="summary-delivery">
              Estimated delivery:{" "}
              <span className="font-medium text-ink">
                {formatDeliveryWindow(delivery.from, delivery.to)}
              </span>
            </p>
          ) : null}
          {codeField}
          {giftCard?.field}
          {pricing.shippingPence > 0 && delivery?.standard !== false ? (
            <p className="mt-4 rounded-xl bg-brand-soft p-3 text-sm text-brand-strong">
              Free UK shipping on orders over {offers.freeShippingOver}.
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
