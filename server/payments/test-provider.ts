import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { CreatedIntent, IntentRequest, PaymentProvider } from "./provider";

// The offline test provider: payment intents without a network. An intent's id comes from the
// idempotency key (the same key, the same intent) and its client secret is signed with the shop's
// secret, so the confirmation endpoint can trust a secret it is shown without storing any.

const INTENT_PREFIX = "test_pi_";

export function createTestProvider(secret: string): PaymentProvider & {
  /** The intent a client secret belongs to, or null when it was not made here. */
  intentForClientSecret(clientSecret: string): string | null;
} {
  const sign = (intentId: string) =>
    createHmac("sha256", secret).update(`test-intent:${intentId}`).digest("base64url");
  return {
    name: "test",
    async createIntent(request: IntentRequest): Promise<CreatedIntent> {
      const intentId =
        INTENT_PREFIX +
        createHash("sha256").update(request.idempotencyKey).digest("hex").slice(0, 24);
      return { intentId, clientSecret: `${intentId}_secret_${sign(intentId)}` };
    },
    // Its intents hold no money and no state: an order that is not pending cannot be confirmed
    // (test-confirm.ts), so cancelling is already done, and there is nothing to give back.
    async cancelIntent() {
      return "cancelled" as const;
    },
    async refundIntent() {},
    intentForClientSecret(clientSecret: string): string | null {
      const match = /^(test_pi_[0-9a-f]{24})_secret_([A-Za-z0-9_-]+)$/.exec(clientSecret);
      if (!match?.[1] || !match[2]) return null;
      const expected = Buffer.from(sign(match[1]));
      const given = Buffer.from(match[2]);
      return expected.length === given.length && timingSafeEqual(expected, given) ? match[1] : null;
    },
  };
}

export type TestProvider = ReturnType<typeof createTestProvider>;
