import { checkoutRequestSchema, discountCodeField } from "@common/checkout-input";
import { CODE_MESSAGES } from "@common/discounts";
import { previewCode } from "@server/checkout/code-preview";
import { getDb } from "@server/db/connection";
import { DomainError } from "@server/errors";
import { apiRoute } from "@server/http/api-route";
import { z } from "zod";

/**
 * POST /api/checkout/discount-code (docs/api.md): `{ items, discountCode }` in, `{ code, offer }`
 * out when the code applies to this cart; `{ error }` with the reason (400) or 429 past the
 * attempts allowed. The summary prices the offer as the order will.
 */
const discountCode = apiRoute({
  methods: ["POST"],
  signedIn: true,
  body: z.object({ items: checkoutRequestSchema.shape.items, discountCode: discountCodeField }),
  failure: "The code could not be checked. Please try again.",
  handle: async ({ user, body, clientAddress }) => {
    if (!body.discountCode) throw new DomainError("BAD_REQUEST", CODE_MESSAGES.unknown);
    const checked = await previewCode(await getDb(), {
      userId: user.id,
      clientAddress,
      code: body.discountCode,
      items: body.items,
    });
    return { code: checked.code, offer: checked.offer };
  },
});

export const loader = discountCode;
export const action = discountCode;
