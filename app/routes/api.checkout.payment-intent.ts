import { requireApiUser } from "@server/auth/guards";
import { PAYMENT_INTENT_FAILED, startCheckout } from "@server/checkout/checkout-service";
import { getDb } from "@server/db/connection";
import { answerApi } from "@server/http/api-errors";
import { readJsonBody } from "@server/http/json-request";
import { methodNotAllowed } from "@server/http/json-response";
import { getPaymentProvider } from "@server/payments/payments";
import { checkoutSettings } from "@server/settings/shop-settings";
import { checkoutRequestSchema } from "~/lib/checkout-input";
import type { Route } from "./+types/api.checkout.payment-intent";

/**
 * POST /api/checkout/payment-intent (the seed's create-payment-intent): `{ items, customerDetails }`
 * in, `{ clientSecret, orderId, totalPence }` out; `{ error }` with a 4xx status when refused.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireApiUser(request);
  return answerApi(PAYMENT_INTENT_FAILED, async () => {
    const body = await readJsonBody(request, checkoutRequestSchema);
    const result = await startCheckout(
      await getDb(),
      getPaymentProvider(),
      { userId: user.id, request: body },
      await checkoutSettings(),
    );
    return Response.json(
      { clientSecret: result.clientSecret, orderId: result.orderId, totalPence: result.totalPence },
      { headers: { "Cache-Control": "no-store" } },
    );
  });
}

export const loader = () => methodNotAllowed("POST");
