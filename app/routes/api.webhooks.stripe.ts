import { getDb } from "@server/db/connection";
import { deliverQueuedEmailSoon } from "@server/email/mailer";
import { jsonError, methodNotAllowed } from "@server/http/json-response";
import { getStripeProvider } from "@server/payments/payments";
import { receiveStripeWebhook } from "@server/payments/stripe-webhook";
import { emailBrand } from "@server/settings/shop-settings";
import type { Route } from "./+types/api.webhooks.stripe";

/** POST /api/webhooks/stripe: Stripe's events, believed only with a valid signature. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const stripe = getStripeProvider();
  if (!stripe) return jsonError(404, "Not found.");
  const { status, body } = await receiveStripeWebhook(
    await getDb(),
    stripe,
    await request.text(),
    request.headers.get("Stripe-Signature"),
    await emailBrand(),
  );
  if (status === 200) deliverQueuedEmailSoon();
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

export const loader = () => methodNotAllowed("POST");
