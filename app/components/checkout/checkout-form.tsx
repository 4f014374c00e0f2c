import type { DeliveryOption } from "@common/delivery";
import type { CodeOffer } from "@common/discounts";
import { formatPence } from "@common/money";
import { type PricingSettings, priceOrder, priceWithCode } from "@common/pricing";
import type { SavedAddress } from "@common/uk-address";
import { type FormEvent, lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { useCartLines, useCartLoaded } from "~/components/cart/cart-store";
import { refreshCartFromShop } from "~/components/cart/refresh-cart";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Loader2, Lock, ShieldCheck } from "~/components/ui/icons";
import { Input } from "~/components/ui/input";
import { ShopLink } from "~/components/ui/shop-link";
import { Textarea } from "~/components/ui/textarea";
import { storeDiscountCode, storedDiscountCode } from "~/lib/discount-code-storage";
import { checkDiscountCode, PaymentFailure, UNEXPECTED } from "~/lib/shop-api";
import { dismissToast, showToast } from "~/lib/toast";
import { AddressFields } from "./address-fields";
import { DeliveryChoice } from "./delivery-choice";
import { DiscountCodeField } from "./discount-code-field";
import { OrderSummary } from "./order-summary";
import { type CheckoutDetails, confirmTestCard, createPaymentIntent } from "./pay-for-cart";
import type { PaymentMethod } from "./payment-method";
import { TestCardFields } from "./test-card-fields";

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

export type CheckoutProfile = { fullName: string; email: string; phone: string };

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
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
  pricingSettings,
  stripePublishableKey,
}: {
  profile: CheckoutProfile;
  /** The customer's address book, the last used first. */
  addresses: SavedAddress[];
  /** The ways to deliver, priced and dated by the server; the standard one among them. */
  deliveryOptions: DeliveryOption[];
  firstOrder: boolean;
  /** The shop's pricing rules, as the server will apply them. */
  pricingSettings: PricingSettings;
  /** Set when Stripe takes payments; otherwise the offline test provider does. */
  stripePublishableKey: string | null;
}) {
  const stripeMethod = useRef<PaymentMethod | null>(null);
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const lines = useCartLines();
  // The stored cart is read in the browser only: until then the form shows no lines or total.
  const ready = useCartLoaded();
  const [busy, setBusy] = useState(false);
  /** Why the last attempt failed, shown beside the Pay button until the next one. */
  const [failure, setFailure] = useState<string | null>(null);

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

  const [deliveryId, setDeliveryId] = useState(
    () => (deliveryOptions.find((option) => option.standard) ?? deliveryOptions[0])?.id ?? "",
  );
  const delivery = deliveryOptions.find((option) => option.id === deliveryId);
  const pricedLines = useMemo(
    () => lines.map((line) => ({ unitPricePence: line.pricePence, quantity: line.quantity })),
    [lines],
  );
  /** The code the shop accepted for this cart, and what it offers. */
  const [code, setCode] = useState<{ code: string; offer: CodeOffer } | null>(null);
  const [codeNote, setCodeNote] = useState<string | null>(null);
  const { pricing, codeApplied } = useMemo(
    () =>
      priceWithCode(pricedLines, { firstOrder, ...pricingSettings, delivery }, code?.offer ?? null),
    [pricedLines, firstOrder, pricingSettings, delivery, code],
  );
  // The offer was checked for the lines of its time: a changed cart is checked again.
  const linesKey = JSON.stringify(lines.map((line) => [line.variantId, line.quantity]));
  const checkedFor = useRef(linesKey);
  useEffect(() => {
    if (!code || checkedFor.current === linesKey) return;
    checkedFor.current = linesKey;
    void applyCode(code.code);
  });

  async function applyCode(text: string) {
    try {
      const checked = await checkDiscountCode(lines, text);
      checkedFor.current = linesKey;
      setCode(checked);
      setCodeNote(null);
      storeDiscountCode(checked.code);
    } catch (error) {
      setCode(null);
      setCodeNote(error instanceof PaymentFailure ? error.message : UNEXPECTED);
      storeDiscountCode(null);
    }
  }

  // A code entered in the cart is applied once the cart is read.
  const cartCodeTried = useRef(false);
  useEffect(() => {
    if (!ready || lines.length === 0 || cartCodeTried.current) return;
    cartCodeTried.current = true;
    const stored = storedDiscountCode();
    if (stored) void applyCode(stored);
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || lines.length === 0) return;
    const form = new FormData(event.currentTarget);
    const notes = text(form, "notes");
    const details: CheckoutDetails = {
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
    setBusy(true);
    setFailure(null);
    try {
      const method = stripePublishableKey ? stripeMethod.current : testCardMethod;
      if (!method)
        throw new PaymentFailure("The payment form is still loading. Please try again.", 0);
      await method.check();
      const { clientSecret, orderId } = await createPaymentIntent(
        lines,
        details,
        pricing.totalPence,
        { deliveryMethodId: deliveryId, discountCode: codeApplied && code ? code.code : null },
      );
      await method.confirm({ clientSecret, orderId, details, form });
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
        <fieldset className="space-y-4" disabled={busy}>
          <legend className="text-lg font-semibold">Contact and delivery</legend>
          <Field id="checkout-name" label="Full name">
            <Input
              id="checkout-name"
              name="fullName"
              required
              maxLength={100}
              autoComplete="name"
              defaultValue={profile.fullName}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id="checkout-email"
              label="Email"
              hint="Your order emails go to your account's address."
            >
              <Input
                id="checkout-email"
                name="email"
                type="email"
                required
                readOnly
                aria-describedby="checkout-email-hint"
                maxLength={254}
                autoComplete="email"
                defaultValue={profile.email}
              />
            </Field>
            <Field id="checkout-phone" label="Phone">
              <Input
                id="checkout-phone"
                name="phone"
                type="tel"
                required
                maxLength={20}
                autoComplete="tel"
                defaultValue={profile.phone}
              />
            </Field>
          </div>
          <AddressFields saved={addresses} />
          <Field
            id="checkout-notes"
            label={
              <>
                Notes <span className="font-normal text-ink-muted">(optional)</span>
              </>
            }
          >
            <Textarea id="checkout-notes" name="notes" maxLength={1000} height="sm" />
          </Field>
          <label className="flex items-start gap-3 text-sm text-ink">
            <input
              type="checkbox"
              name="remember"
              defaultChecked
              className="mt-0.5 size-5 shrink-0 accent-brand"
            />
            Remember these details for next time
          </label>
        </fieldset>

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

        {stripePublishableKey ? (
          <fieldset className="space-y-4" disabled={busy}>
            <legend className="text-lg font-semibold">Payment</legend>
            <Suspense
              fallback={<p className="text-sm text-ink-muted">Loading the payment form…</p>}
            >
              <StripePayment
                publishableKey={stripePublishableKey}
                totalPence={pricing.totalPence}
                method={stripeMethod}
              />
            </Suspense>
          </fieldset>
        ) : (
          <TestCardFields disabled={busy} />
        )}

        {failure ? (
          <p role="alert" className="text-sm font-medium text-coral-strong">
            Payment failed: {failure}
          </p>
        ) : null}
        <Button type="submit" size="lg" className="w-full" disabled={busy || !ready}>
          {busy ? (
            <>
              <Loader2 className="animate-spin" aria-hidden="true" />
              Processing…
            </>
          ) : (
            <>
              <Lock aria-hidden="true" />
              {ready && lines.length > 0 ? `Pay ${formatPence(pricing.totalPence)}` : "Pay"}
            </>
          )}
        </Button>
        {/* What a shopper looks for beside the pay button (docs/brand.md, Trust). */}
        <div className="-mt-4 space-y-1 text-center text-sm text-ink-muted">
          <p className="flex items-center justify-center gap-2">
            <ShieldCheck className="size-4 shrink-0 text-brand-strong" aria-hidden="true" />
            Secure checkout: your card details are encrypted and never stored by us.
          </p>
          <p>
            30-day money-back guarantee.{" "}
            <ShopLink
              to="/shipping-returns"
              className="font-medium text-brand-strong underline underline-offset-2"
            >
              Returns policy
            </ShopLink>
          </p>
        </div>
      </form>
      <OrderSummary
        lines={ready ? lines : null}
        pricing={ready ? pricing : null}
        settings={pricingSettings}
        delivery={delivery ?? null}
        code={codeApplied && code ? code : null}
        codeField={
          <DiscountCodeField
            applied={code?.code ?? null}
            note={
              codeNote ??
              (code && !codeApplied
                ? `Your first-order discount saves more, so it stays: ${code.code} was not used.`
                : null)
            }
            apply={applyCode}
            remove={() => {
              setCode(null);
              setCodeNote(null);
              storeDiscountCode(null);
            }}
            disabled={busy}
          />
        }
      />
    </div>
  );
}
