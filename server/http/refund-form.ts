import { z } from "zod";
import { parsePounds } from "../../common/money";
import { orderStatuses } from "../db/schema/orders";
import type { RestockLine } from "../stock/stock-service";

// The admin's order forms (app/components/admin/order-actions.tsx) as their actions' input. Each
// carries `status`, the order's status as the page showed it: the action is refused if the order
// moved on since. The refund form has an amount in pounds (always typed: nothing is refunded by
// default), a reason, and per variant of the order a field `restock:<variant id>` holding how
// many units go back on sale.

/** The status the admin's page showed when the action was asked. */
export const shownStatusField = z.enum(orderStatuses, {
  error: "Reload the order and try again.",
});

const RESTOCK_FIELD = "restock:";

export const refundFormSchema = z
  .object({
    status: shownStatusField,
    amount: z
      .string({ error: "Enter the amount to refund, such as 12.50." })
      .trim()
      .min(1, "Enter the amount to refund, such as 12.50.")
      .refine((text) => parsePounds(text) !== null, {
        message: "Enter an amount in pounds, such as 12.50.",
      }),
    reason: z
      .string()
      .trim()
      .max(500, "Keep it under 500 characters.")
      .transform((text) => (text === "" ? null : text)),
  })
  .catchall(z.unknown())
  .transform((form, context) => {
    const restock: RestockLine[] = [];
    for (const [name, value] of Object.entries(form)) {
      if (!name.startsWith(RESTOCK_FIELD)) continue;
      const text = typeof value === "string" ? value.trim() : "";
      if (!/^\d{1,4}$/.test(text)) {
        if (text === "") continue;
        context.addIssue({
          code: "custom",
          message: "Enter how many units go back in stock, a whole number.",
          path: [name],
        });
        return z.NEVER;
      }
      const quantity = Number(text);
      if (quantity > 0) restock.push({ variantId: name.slice(RESTOCK_FIELD.length), quantity });
    }
    return {
      amountPence: parsePounds(form.amount) ?? 0,
      reason: form.reason,
      restock,
      expectedStatus: form.status,
    };
  });
