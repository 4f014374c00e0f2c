import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { type RefObject, useEffect, useState } from "react";
import { PaymentFailure, UNEXPECTED } from "~/lib/shop-api";
import type { PaymentMethod } from "./payment-method";

// Stripe's Payment Element (docs/architecture.md#money-flow), fetched only when Stripe takes payments. The card
// details go from Stripe's frame to Stripe; the shop only ever sees the intent's outcome, through
// its webhook. The element collects before the order exists ("deferred intent"): the amount shown
// is the order's total as the pricing module gives it.

let stripePromise: Promise<Stripe | null> | undefined;

function PaymentFields({ method }: { method: RefObject<PaymentMethod | null> }) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    if (!stripe || !elements) {
      method.current = null;
      return;
    }
    method.current = {
      async check() {
        const { error } = await elements.submit();
        if (error) throw new PaymentFailure(error.message ?? UNEXPECTED, 400);
      },
      async confirm({ clientSecret, orderId, details }) {
        const { error } = await stripe.confirmPayment({
          elements,
          clientSecret,
          redirect: "if_required",
          confirmParams: {
            return_url: `${window.location.origin}/success?${new URLSearchParams({ order: orderId })}`,
            payment_method_data: {
              billing_details: {
                name: details.fullName,
                email: details.email,
                phone: details.phone,
                address: {
                  line1: details.address.line1,
                  line2: details.address.line2,
                  city: details.address.town,
                  postal_code: details.address.postcode,
                  country: "GB",
                },
              },
            },
          },
        });
        if (error) throw new PaymentFailure(error.message ?? UNEXPECTED, 402);
      },
    };
    return () => {
      method.current = null;
    };
  }, [stripe, elements, method]);
  return (
    <PaymentElement
      options={{
        fields: {
          billingDetails: {
            name: "never",
            email: "never",
            phone: "never",
            address: { line1: "never" },
          },
        },
      }}
    />
  );
}

export default function StripePayment({
  publishableKey,
  totalPence,
  method,
}: {
  publishableKey: string;
  totalPence: number;
  method: RefObject<PaymentMethod | null>;
}) {
  const [stripe] = useState(() => {
    stripePromise ??= loadStripe(publishableKey);
    return stripePromise;
  });
  return (
    <Elements
      stripe={stripe}
      options={{
        mode: "payment",
        amount: Math.max(totalPence, 1),
        currency: "gbp",
        appearance: {
          theme: "stripe",
          variables: { colorPrimary: "#0f766e", borderRadius: "12px" },
        },
      }}
    >
      <PaymentFields method={method} />
    </Elements>
  );
}
