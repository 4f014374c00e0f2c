import { requireApiUser } from "@server/auth/guards";
import { getDb } from "@server/db/connection";
import { deliverQueuedEmailSoon } from "@server/email/mailer";
import { answerApi } from "@server/http/api-errors";
import { readJsonBody } from "@server/http/json-request";
import { jsonError, methodNotAllowed } from "@server/http/json-response";
import { getTestProvider } from "@server/payments/payments";
import { confirmTestPayment } from "@server/payments/test-confirm";
import { checkoutSettings, emailBrand } from "@server/settings/shop-settings";
import { z } from "zod";
import type { Route } from "./+types/api.payments.test.confirm";

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
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const provider = getTestProvider();
  if (!provider) return jsonError(404, "Not found.");
  const user = await requireApiUser(request);
  return answerApi("An unexpected error occurred.", async () => {
    const body = await readJsonBody(request, confirmSchema);
    const { orderId } = await confirmTestPayment(
      await getDb(),
      provider,
      { userId: user.id, ...body },
      await emailBrand(),
      await checkoutSettings(),
    );
    // The confirmation email was queued with the payment: send it now, not at the next round.
    deliverQueuedEmailSoon();
    return Response.json(
      { status: "succeeded", orderId },
      { headers: { "Cache-Control": "no-store" } },
    );
  });
}

export const loader = () => methodNotAllowed("POST");
