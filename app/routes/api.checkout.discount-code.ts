import { checkoutRequestSchema, discountCodeField } from "@common/checkout/checkout-input";
import { CODE_MESSAGES } from "@common/discounts/discounts";
import { getSessionUser } from "@server/auth/session";
import { getDb } from "@server/db/connection";
import { previewCode } from "@server/discounts/code-preview";
import { DomainError } from "@server/errors";
import { apiRoute } from "@server/http/api-route";
import { z } from "zod";

/**
 * POST /api/checkout/discount-code (docs/api.md): `{ items, discountCode }` in, `{ code, offer }`
 * out when the code applies to this cart; `{ error }` with the reason (400) or 429 past the
 * attempts allowed. The summary prices the offer as the order will; the cart drawer asks it for a
 * guest too (everything but the per-customer limit, which the checkout checks signed in).
 */
const discountCode = apiRoute({
  methods: ["POST"],
  signedIn: false,
  body: z.object({ items: checkoutRequestSchema.shape.items, discountCode: discountCodeField }),
  failure: "The code could not be checked. Please try again.",
  handle: async ({ request, body, clientAddress }) => {
    if (!body.discountCode) throw new DomainError("BAD_REQUEST", CODE_MESSAGES.unknown);
    const user = await getSessionUser(request);
    const checked = await previewCode(await getDb(), {
      userId: user?.id ?? null,
      clientAddress,
      code: body.discountCode,
      items: body.items,
    });
    return { code: checked.code, offer: checked.offer };
  },
});

export const loader = discountCode;
export const action = discountCode;
