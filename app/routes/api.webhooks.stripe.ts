import { receiveStripeWebhook } from "@server/checkout/stripe-webhook";
import { getDb } from "@server/db/connection";
import { deliverQueuedEmailSoon } from "@server/email/mailer";
import { DomainError } from "@server/errors";
import { apiRoute } from "@server/http/api-route";
import { getStripeProvider } from "@server/payments/payments";
import { emailBrand } from "@server/settings/shop-settings";

/**
 * POST /api/webhooks/stripe: Stripe's events, believed only with a valid signature (checked on the
 * raw body, so it is read here, not parsed). Exists only while Stripe takes payments.
 */
const webhook = apiRoute({
  methods: ["POST"],
  signedIn: false,
  enabled: () => getStripeProvider() !== null,
  failure: "Webhook processing failed.",
  handle: async ({ request }) => {
    const stripe = getStripeProvider();
    if (!stripe) throw new DomainError("NOT_FOUND", "Not found.");
    const { status, body } = await receiveStripeWebhook(
      await getDb(),
      stripe,
      await request.text(),
      request.headers.get("Stripe-Signature"),
      await emailBrand(),
    );
    if (status === 200) deliverQueuedEmailSoon();
    return Response.json(body, { status });
  },
});

export const loader = webhook;
export const action = webhook;
