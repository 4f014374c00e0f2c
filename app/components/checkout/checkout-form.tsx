import {
  type DiscountTaken,
  type PricingSettings,
  pricedLineOf,
  priceOrder,
  priceWithDiscounts,
} from "@common/checkout/pricing";
import type { SavedAddress } from "@common/customers/uk-address";
import type { DeliveryOption } from "@common/delivery/delivery";
import type { AutomaticOffer } from "@common/discounts/offers";
import {
  type FormEvent,
  lazy,
  type RefObject,
  Suspense,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useNavigate, useRevalidator } from "react-router";
import { useCartLines, useCartLoaded } from "~/components/cart/cart-store";
import { refreshCartFromShop } from "~/components/cart/refresh-cart";
import { storeDiscountCode } from "~/lib/discount-code-storage";
import { PaymentFailure, UNEXPECTED } from "~/lib/shop-api";
import { dismissToast, showToast } from "~/lib/toast";
import { type CheckoutProfile, ContactFields } from "./contact-fields";
import { DeliveryChoice } from "./delivery-choice";
import { DiscountCodeField } from "./discount-code-field";
import { GiftCardField } from "./gift-card-field";
import { OrderSummary } from "./order-summary";
import { PayButton } from "./pay-button";
import { type CheckoutDetails, confirmTestCard, createPaymentIntent } from "./pay-for-cart";
import type { PaymentMethod } from "./payment-method";
import { TestCardFields } from "./test-card-fields";
import { useCheckoutCode } from "./use-checkout-code";
import { giftCardsBoughtPence as boughtPence, useGiftCard } from "./use-gift-card";

// Stripe's code is fetched only when Stripe takes the payment.
const StripePayment = lazy(() => import("./stripe-payment"));

/** The failure toast's id: a payment that then goes through takes it down. */
const PAYMENT_FAILED_TOAST = "payment-failed";

/** The offline test provider: the card fields of this form, confirmed by the shop's endpoint. */
const testCardMethod: PaymentMethod = {
  async check() {},
  async confirm({ clientSecret, form }) {
    await confirmTestCard(clientSecret, {
      number: text(form, "cardNumber"),
      expiry: text(form, "cardExpiry"),
      cvc: text(form, "cardCvc"),
    });
  },
};

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
}

/**
 * Makes the order and, unless a gift card paid it all, confirms the card with the provider:
 * the order's id.
 */
async function placeOrder(input: {
  method: PaymentMethod | null;
  chargePence: number;
  request: Parameters<typeof createPaymentIntent>;
  form: FormData;
}): Promise<string> {
  const { method, form } = input;
  if (input.chargePence > 0 && !method) {
    throw new PaymentFailure("The payment form is still loading. Please try again.", 0);
  }
  await method?.check();
  const { clientSecret, orderId } = await createPaymentIntent(...input.request);
  // A gift card that paid it all leaves nothing to confirm: the order is paid.
  if (clientSecret && method) {
    await method.confirm({ clientSecret, orderId, details: input.request[1], form });
  }
  return orderId;
}

/** The customer's details as the form holds them. */
function detailsOf(form: FormData): CheckoutDetails {
  const notes = text(form, "notes");
  return {
    fullName: text(form, "fullName"),
    email: text(form, "email"),
    phone: text(form, "phone"),
    address: {
      line1: text(form, "addressLine1"),
      line2: text(form, "addressLine2"),
      town: text(form, "town"),
      postcode: text(form, "postcode"),
    },
    remember: form.get("remember") === "on",
    ...(notes ? { notes } : {}),
  };
}

/**
 * The card: Stripe's Payment Element when Stripe takes payments, else the test card's fields;
 * none when a gift card pays it all.
 */
function PaymentFields({
  stripePublishableKey,
  totalPence,
  method,
  disabled,
}: {
  stripePublishableKey: string | null;
  totalPence: number;
  method: RefObject<PaymentMethod | null>;
  disabled: boolean;
}) {
  if (totalPence === 0) {
    return (
      <p className="rounded-xl bg-brand-soft p-4 text-sm text-brand-strong">
        Your gift card pays for the whole order: no card is needed.
      </p>
    );
  }
  if (!stripePublishableKey) return <TestCardFields disabled={disabled} />;
  return (
    <fieldset className="space-y-4" disabled={disabled}>
      <legend className="text-lg font-semibold">Payment</legend>
      <Suspense fallback={<p className="text-sm text-ink-muted">Loading the payment form…</p>}>
        <StripePayment
          publishableKey={stripePublishableKey}
          totalPence={totalPence}
          method={method}
        />
      </Suspense>
    </fieldset>
  );
}

/**
 * The cart being paid for, re-checked against the shop's prices and stock once on arrival. The
 * stored cart is read in the browser only: until then `ready` is false and the form shows no lines
 * or total. An empty cart goes back to /store, unless a payment under way emptied it.
 */
function useCheckoutCart(busy: boolean) {
  const navigate = useNavigate();
  const lines = useCartLines();
  const ready = useCartLoaded();
  useEffect(() => {
    // The server's prices and stock win: re-check the stored cart once on arrival.
    const controller = new AbortController();
    refreshCartFromShop(controller.signal).catch((error: unknown) => {
      if (!controller.signal.aborted) console.error("Checking the cart failed.", error);
    });
    return () => controller.abort();
  }, []);

  useEffect(() => {
    if (ready && lines.length === 0 && !busy) navigate("/store", { replace: true });
  }, [ready, lines.length, busy, navigate]);
  return { lines, ready };
}

/** The summary's discount code, and why a code accepted was not used. */
function CheckoutCodeField({
  checkoutCode,
  taken,
  disabled,
}: {
  checkoutCode: ReturnType<typeof useCheckoutCode>;
  /** The discount the pricing took: the code, or the first-order discount or an offer saving more. */
  taken: DiscountTaken;
  disabled: boolean;
}) {
  const { code, note } = checkoutCode;
  const { codeApplied: applied, offer } = taken;
  return (
    <DiscountCodeField
      applied={code?.code ?? null}
      note={
        note ??
        (code && !applied
          ? `${offer ? `The offer ${offer.title}` : "Your first-order discount"} saves more, so it stays: ${code.code} was not used.`
          : null)
      }
      apply={checkoutCode.apply}
      remove={checkoutCode.remove}
      disabled={disabled}
    />
  );
}

/**
 * /checkout: the customer's details, the order summary priced as the server will price it, and
 * the card form. The cart lives in the browser: until it is read, the summary waits; an empty cart
 * goes back to /store.
 */
export function CheckoutForm({
  profile,
  addresses,
  deliveryOptions,
  firstOrder,
  offers,
  pricingSettings,
  stripePublishableKey,
}: {
  profile: CheckoutProfile;
  /** The customer's address book, the last used first. */
  addresses: SavedAddress[];
  /** The ways to deliver, priced and dated by the server; the standard one among them. */
  deliveryOptions: DeliveryOption[];
  firstOrder: boolean;
  /** The automatic offers this customer may have now (docs/decisions/070). */
  offers: AutomaticOffer[];
  /** The shop's pricing rules, as the server will apply them. */
  pricingSettings: PricingSettings;
  /** Set when Stripe takes payments; otherwise the offline test provider does. */
  stripePublishableKey: string | null;
}) {
  const stripeMethod = useRef<PaymentMethod | null>(null);
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  /** Why the last attempt failed, shown beside the Pay button until the next one. */
  const [failure, setFailure] = useState<string | null>(null);

  const { lines, ready } = useCheckoutCart(busy);

  const [deliveryId, setDeliveryId] = useState(
    () => (deliveryOptions.find((option) => option.standard) ?? deliveryOptions[0])?.id ?? "",
  );
  const delivery = deliveryOptions.find((option) => option.id === deliveryId);
  const pricedLines = useMemo(() => lines.map(pricedLineOf), [lines]);
  const checkoutCode = useCheckoutCode(lines, ready);
  const { code } = checkoutCode;
  const taken = useMemo(
    () =>
      priceWithDiscounts(
        pricedLines,
        { firstOrder, ...pricingSettings, delivery },
        { code: code?.offer ?? null, offers },
      ),
    [pricedLines, firstOrder, pricingSettings, delivery, code, offers],
  );
  const { pricing, codeApplied, offer } = taken;
  const giftCard = useGiftCard();
  const sendsGoods = !ready || lines.some((line) => !line.giftCard);
  // A gift card pays for goods and delivery, never for gift cards bought (docs/decisions/067).
  const { giftCardPence, chargePence } = giftCard.paying(pricing.totalPence, boughtPence(lines));
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || lines.length === 0) return;
    const form = new FormData(event.currentTarget);
    const details = detailsOf(form);
    setBusy(true);
    setFailure(null);
    try {
      // No card to ask when the gift card pays it all.
      const orderId = await placeOrder({
        method:
          chargePence === 0 ? null : stripePublishableKey ? stripeMethod.current : testCardMethod,
        chargePence,
        request: [
          lines,
          details,
          pricing.totalPence,
          {
            deliveryMethodId: deliveryId,
            discountCode: codeApplied && code ? code.code : null,
            giftCard: giftCard.card ? { code: giftCard.card.code, pence: giftCardPence } : null,
          },
        ],
        form,
      });
      // An earlier decline no longer holds: its toast must not sit over the thank-you page.
      void dismissToast(PAYMENT_FAILED_TOAST);
      // The code went with this order; the next starts without it.
      storeDiscountCode(null);
      // The success page clears the cart (docs/product.md#screens) and shows the order.
      navigate(`/success?${new URLSearchParams({ order: orderId })}`, { state: { orderId } });
    } catch (error) {
      const description = error instanceof PaymentFailure ? error.message : UNEXPECTED;
      if (!(error instanceof PaymentFailure)) console.error("Checkout failed.", error);
      void showToast("Payment Failed", { description, tone: "error", id: PAYMENT_FAILED_TOAST });
      setFailure(description);
      // Stock or prices changed under the cart: bring it and the pricing rules up to date so the
      // shopper sees what is left and what it costs now.
      if (error instanceof PaymentFailure && error.status === 409) {
        void refreshCartFromShop();
        void revalidator.revalidate();
        void giftCard.refresh();
      }
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_24rem] lg:gap-12">
      <form
        onSubmit={(event) => void submit(event)}
        className="space-y-8 rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-soft sm:p-8"
        aria-busy={busy}
      >
        <ContactFields profile={profile} addresses={addresses} disabled={busy} />

        {/* Gift cards alone are emailed: nothing to deliver. */}
        {sendsGoods ? (
          <DeliveryChoice
            options={deliveryOptions}
            chosen={deliveryId}
            onChoose={setDeliveryId}
            disabled={busy}
            shippingFor={(option) =>
              ready && lines.length > 0
                ? priceOrder(pricedLines, { firstOrder, ...pricingSettings, delivery: option })
                    .shippingPence
                : null
            }
          />
        ) : null}

        <PaymentFields
          stripePublishableKey={stripePublishableKey}
          totalPence={chargePence}
          method={stripeMethod}
          disabled={busy}
        />

        {failure ? (
          <p role="alert" className="text-sm font-medium text-coral-strong">
            Payment failed: {failure}
          </p>
        ) : null}
        <PayButton
          busy={busy}
          disabled={busy || !ready}
          totalPence={ready && lines.length > 0 ? chargePence : null}
        />
      </form>
      <OrderSummary
        lines={ready ? lines : null}
        pricing={ready ? pricing : null}
        settings={pricingSettings}
        delivery={sendsGoods ? (delivery ?? null) : null}
        code={codeApplied && code ? code : null}
        offer={offer}
        codeField={<CheckoutCodeField checkoutCode={checkoutCode} taken={taken} disabled={busy} />}
        giftCard={{
          code: giftCard.card?.code ?? "",
          paysPence: giftCardPence,
          field: <GiftCardField giftCard={giftCard} paysPence={giftCardPence} disabled={busy} />,
        }}
      />
    </div>
  );
}
