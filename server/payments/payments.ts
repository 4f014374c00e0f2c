import { env } from "../env";
import type { PaymentProvider } from "./provider";
import { createTestProvider, type TestProvider } from "./test-provider";

// The process-wide payment provider, as the configuration picks it (DESIGN §7): the offline test
// provider unless Stripe is configured.

let testProvider: TestProvider | undefined;

/** The test provider; only while it is the configured one. */
export function getTestProvider(): TestProvider | null {
  if (env.PAYMENT_PROVIDER !== "test") return null;
  testProvider ??= createTestProvider(env.authSecret);
  return testProvider;
}

export function getPaymentProvider(): PaymentProvider {
  const provider = getTestProvider();
  if (!provider) {
    // The Stripe adapter is not built yet: refuse rather than pretend to take money.
    throw new Error("PAYMENT_PROVIDER=stripe is not supported yet");
  }
  return provider;
}

export const checkoutSettings = () => ({
  shippingFlatRatePence: env.SHIPPING_FLAT_RATE_PENCE,
  attemptsPerMinute: env.CHECKOUT_ATTEMPTS_PER_MINUTE,
});

export const emailBrand = () => ({
  shopName: env.SHOP_NAME,
  baseUrl: env.BASE_URL,
  supportEmail: env.SUPPORT_EMAIL,
});
