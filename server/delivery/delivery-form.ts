import { z } from "zod";
import { readCutoffClock } from "../../common/delivery/delivery";
import { parsePounds } from "../../common/money";
import { openedVersionField } from "../audit/stale-save";
import { deliveryMethodInputSchema } from "./delivery-methods";

// The admin's delivery method form (app/components/admin/delivery-method-form.tsx) as the
// editor's input: pounds to pence, an empty threshold to none, the cut-off's clock to minutes, the
// checkbox to a boolean. What the values must be is the editor's schema
// (server/delivery/delivery-methods.ts), so its messages show beside the fields.

const deliveryMethodIdSchema = z.string().min(1).max(100);

/** Not a reading: -1, which the editor's schema refuses with its own message. */
const readOr = <T>(read: (text: string) => T | null) =>
  z.string().transform((text) => read(text) ?? -1);

const wholeNumber = (text: string) => (/^\d{1,4}$/.test(text.trim()) ? Number(text) : null);

export const deliveryMethodFormSchema = z
  .object({
    id: deliveryMethodIdSchema.optional(),
    name: z.string(),
    // The standard delivery's form has no price fields: its price is the settings'.
    price: readOr(parsePounds).optional(),
    freeOver: z
      .string()
      .optional()
      .transform((text) => (text?.trim() ? (parsePounds(text) ?? -1) : null)),
    minWorkingDays: readOr(wholeNumber),
    maxWorkingDays: readOr(wholeNumber),
    cutoff: readOr(readCutoffClock),
    active: z
      .literal("on")
      .optional()
      .transform((value) => value === "on"),
    position: readOr(wholeNumber),
    /** The version the editor opened (an edit's form only). */
    version: openedVersionField,
  })
  .transform(({ id, price, freeOver, cutoff, ...rest }) => ({
    ...rest,
    ...(id ? { id } : {}),
    pricePence: price ?? 0,
    freeOverPence: freeOver,
    cutoffMinutes: cutoff,
  }))
  .pipe(deliveryMethodInputSchema.safeExtend({ id: deliveryMethodIdSchema.optional() }));
