import { z } from "zod";
import { parsePounds } from "../../common/money";
import { orderStatuses } from "../orders/schema";
import type { RestockLine } from "../stock/stock-service";

// The order forms (app/components/admin/order-actions.tsx, the returns' forms) as their actions' input. Each
// carries `status`, the order's status as the page showed it: the action is refused if the order
// moved on since. The refund form has an amount in pounds (always typed: nothing is refunded by
// default), a reason, per line of the order a field `credit:<order item id>` holding how many
// of its units the money is for, `creditDelivery` when the delivery goes back too, and per
// variant a field `restock:<variant id>` holding how many units go back on sale.

/** The status the admin's page showed when the action was asked. */
export const shownStatusField = z.enum(orderStatuses, {
  error: "Reload the order and try again.",
});

const RESTOCK_FIELD = "restock:";
const CREDIT_FIELD = "credit:";

/** The `<prefix><id>` fields of a form as whole numbers above 0, or the first problem's field. */
function countFields(
  form: Record<string, unknown>,
  prefix: string,
): { ok: true; counts: { id: string; quantity: number }[] } | { ok: false; field: string } {
  const counts: { id: string; quantity: number }[] = [];
  for (const [name, value] of Object.entries(form)) {
    if (!name.startsWith(prefix)) continue;
    const text = typeof value === "string" ? value.trim() : "";
    if (text === "") continue;
    if (!/^\d{1,4}$/.test(text)) return { ok: false, field: name };
    const quantity = Number(text);
    if (quantity > 0) counts.push({ id: name.slice(prefix.length), quantity });
  }
  return { ok: true, counts };
}

/** The `restock:<variant id>` fields as lines, or null with the problem added to `context`. */
function restockOf(form: Record<string, unknown>, context: z.RefinementCtx): RestockLine[] | null {
  const counted = countFields(form, RESTOCK_FIELD);
  if (!counted.ok) {
    context.addIssue({
      code: "custom",
      message: "Enter how many units go back in stock, a whole number.",
      path: [counted.field],
    });
    return null;
  }
  return counted.counts.map(({ id, quantity }) => ({ variantId: id, quantity }));
}

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
    creditDelivery: z
      .string()
      .optional()
      .transform((value) => value === "on"),
  })
  .catchall(z.unknown())
  .transform((form, context) => {
    const restock = restockOf(form, context);
    if (!restock) return z.NEVER;
    const credited = countFields(form, CREDIT_FIELD);
    if (!credited.ok) {
      context.addIssue({
        code: "custom",
        message: "Enter how many units are refunded, a whole number.",
        path: [credited.field],
      });
      return z.NEVER;
    }
    return {
      amountPence: parsePounds(form.amount) ?? 0,
      reason: form.reason,
      restock,
      credit: {
        items: credited.counts.map(({ id, quantity }) => ({ orderItemId: id, quantity })),
        delivery: form.creditDelivery,
      },
      expectedStatus: form.status,
    };
  });

/**
 * The admin marks a return received (app/components/admin/return-actions.tsx): the refund asked
 * (the items' value or all that is left), whether the delivery goes back too, and per variant
 * `restock:<variant id>`, the units fit to sell again.
 */
export const returnReceiptSchema = z
  .object({
    status: shownStatusField,
    returnId: z.string().min(1).max(100),
    refund: z.enum(["items", "full"], { error: "Choose what to refund." }),
    includeDelivery: z
      .string()
      .optional()
      .transform((value) => value === "on"),
  })
  .catchall(z.unknown())
  .transform((form, context) => {
    const restock = restockOf(form, context);
    if (!restock) return z.NEVER;
    return {
      returnId: form.returnId,
      receipt: {
        refund: form.refund,
        includeDelivery: form.includeDelivery,
        restock,
        expectedStatus: form.status,
      },
    };
  });

const QUANTITY_FIELD = "quantity:";

/**
 * The customer asks for a return (app/components/account/order-returns.tsx): per line of the
 * order `quantity:<order item id>`, the reason picked and their own words.
 */
export const returnRequestSchema = z
  .object({
    reason: z.string({ error: "Choose a reason." }).trim().min(1, "Choose a reason.").max(80),
    details: z
      .string()
      .trim()
      .max(1000, "Keep it under 1000 characters.")
      .optional()
      .transform((text) => (text ? text : null)),
  })
  .catchall(z.unknown())
  .transform((form, context) => {
    const counted = countFields(form, QUANTITY_FIELD);
    if (!counted.ok) {
      context.addIssue({ code: "custom", message: "Choose how many to return.", path: ["items"] });
      return z.NEVER;
    }
    return {
      reason: form.reason,
      details: form.details,
      lines: counted.counts.map(({ id, quantity }) => ({ orderItemId: id, quantity })),
    };
  });
