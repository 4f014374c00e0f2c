import { z } from "zod";
import { parsePounds } from "../../app/lib/money";
import type { RestockLine } from "../stock/stock-service";

// The admin's refund form (app/components/admin/order-actions.tsx) as the refund's input: an
// amount in pounds (empty: all that is left), a reason, and per variant of the order a field
// `restock:<variant id>` holding how many units go back on sale.

const RESTOCK_FIELD = "restock:";

export const refundFormSchema = z
  .object({
    amount: z
      .string()
      .trim()
      .refine((text) => text === "" || parsePounds(text) !== null, {
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
      amountPence: form.amount === "" ? undefined : (parsePounds(form.amount) ?? undefined),
      reason: form.reason,
      restock,
    };
  });
