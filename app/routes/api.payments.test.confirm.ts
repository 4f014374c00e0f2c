import { confirmTestPayment } from "@server/checkout/test-confirm";
import { getDb } from "@server/db/connection";
import { deliverQueuedEmailSoon } from "@server/email/mailer";
import { DomainError } from "@server/errors";
import { apiRoute } from "@server/http/api-route";
import { getTestProvider } from "@server/payments/payments";
import { checkoutSettings, emailBrand } from "@server/settings/shop-settings";
import { z } from "zod";

const confirmSchema = z.object({
  clientSecret: z.string().min(1).max(200),
  card: z.object({
    number: z.string().max(32),
    expiry: z.string().max(10),
    cvc: z.string().max(8),
  }),
});

/**
 * POST /api/payments/test/confirm: the offline test provider's card confirmation. Exists only
 * while the test provider takes payments.
 */
const confirm = apiRoute({
  methods: ["POST"],
  signedIn: true,
  enabled: () => getTestProvider() !== null,
  body: confirmSchema,
  failure: "An unexpected error occurred.",
  handle: async ({ user, body }) => {
    const provider = getTestProvider();
    if (!provider) throw new DomainError("NOT_FOUND", "Not found.");
    const { orderId } = await confirmTestPayment(
      await getDb(),
      provider,
      { userId: user.id, ...body },
      await emailBrand(),
      await checkoutSettings(),
    );
    // The confirmation email was queued with the payment: send it now, not at the next round.
    deliverQueuedEmailSoon();
    return { status: "succeeded", orderId };
  },
});

export const loader = confirm;
export const action = confirm;
