import { env } from "../env";
import type { PaymentProvider } from "./provider";
import { createStripeProvider, type StripeProvider } from "./stripe-provider";
import { createTestProvider, type TestProvider } from "./test-provider";

// The process-wide payment provider, as the configuration picks it (docs/architecture.md#running-and-scaling): Stripe when its
// keys are set, otherwise the offline test provider (demo mode, or chosen explicitly in live mode).

let testProvider: TestProvider | undefined;
let stripeProvider: StripeProvider | undefined;

/** The test provider; only while it is the configured one. */
export function getTestProvider(): TestProvider | null {
  if (env.PAYMENT_PROVIDER !== "test") return null;
  testProvider ??= createTestProvider(env.authSecret);
  return testProvider;
}

/** The Stripe adapter; only while Stripe is the configured provider. */
export function getStripeProvider(): StripeProvider | null {
  if (env.PAYMENT_PROVIDER !== "stripe") return null;
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret } = env;
  if (!secretKey || !webhookSecret) return null;
  stripeProvider ??= createStripeProvider({ secretKey, webhookSecret });
  return stripeProvider;
}

/**
 * The provider an order was made with, by name, for the background tasks that follow up on it
 * (cancel an intent, refund). The test provider is always at hand: its follow-ups are no-ops, and
 * orders made with it in staging may outlive a switch to Stripe.
 */
export function providerNamed(name: string): PaymentProvider | null {
  if (name === "stripe") return getStripeProvider();
  if (name === "test") {
    testProvider ??= createTestProvider(env.authSecret);
    return testProvider;
  }
  return null;
}

export function getPaymentProvider(): PaymentProvider {
  const provider = getStripeProvider() ?? getTestProvider();
  // env.ts refuses to start without one of them; this is the same rule, stated where it is used.
  if (!provider) throw new Error("no payment provider is configured");
  return provider;
}
/** Stripe's publishable key (meant for browsers) while Stripe takes payments; otherwise null. */
export function stripePublishableKey(): string | null {
  return env.PAYMENT_PROVIDER === "stripe" ? (env.STRIPE_PUBLISHABLE_KEY ?? null) : null;
}

/** What the admin's payments screen shows: which provider takes payments, never a secret. */
export function paymentSetup(): {
  provider: "test" | "stripe";
  stripeSecretKey: boolean;
  stripeWebhookSecret: boolean;
  stripePublishableKey: boolean;
} {
  return {
    provider: env.PAYMENT_PROVIDER,
    stripeSecretKey: Boolean(env.STRIPE_SECRET_KEY),
    stripeWebhookSecret: Boolean(env.STRIPE_WEBHOOK_SECRET),
    stripePublishableKey: Boolean(env.STRIPE_PUBLISHABLE_KEY),
  };
}
