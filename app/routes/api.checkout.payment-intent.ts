import { checkoutRequestSchema } from "@common/checkout/checkout-input";
import { PAYMENT_INTENT_FAILED, startCheckout } from "@server/checkout/checkout-service";
import { getDb } from "@server/db/connection";
import { apiRoute } from "@server/http/api-route";
import { getPaymentProvider } from "@server/payments/payments";
import { checkoutSettings } from "@server/settings/shop-settings";

/**
 * POST /api/checkout/payment-intent (docs/product.md#calls): `{ items, customerDetails }`
 * in, `{ clientSecret, orderId, totalPence, paid, chargePence }` out (a gift card that pays it
 * all: `paid`, no secret); `{ error }` with a 4xx status when refused.
 */
const paymentIntent = apiRoute({
  methods: ["POST"],
  signedIn: true,
  body: checkoutRequestSchema,
  failure: PAYMENT_INTENT_FAILED,
  handle: async ({ user, body, clientAddress }) => {
    const result = await startCheckout(
      await getDb(),
      getPaymentProvider(),
      { userId: user.id, request: body, clientAddress },
      await checkoutSettings(),
    );
    return {
      clientSecret: result.clientSecret,
      orderId: result.orderId,
      totalPence: result.totalPence,
      paid: result.paid,
      chargePence: result.chargePence,
    };
  },
});

export const loader = paymentIntent;
export const action = paymentIntent;
