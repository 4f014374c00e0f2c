import type { CheckoutDetails } from "./pay-for-cart";

/**
 * How the checkout pays once the order exists: the offline test card form, or Stripe's Payment
 * Element. `check` runs before the order is made (the Payment Element validates its fields there);
 * `confirm` pays the order's intent and throws a PaymentFailure with the provider's message.
 */
export type PaymentMethod = {
  check(): Promise<void>;
  confirm(input: {
    clientSecret: string;
    orderId: string;
    details: CheckoutDetails;
    form: FormData;
  }): Promise<void>;
};
