import { z } from "zod";
import { readShopDay, shopDayStart } from "../../common/dates";
import { parsePounds } from "../../common/money";
import { openedVersionField } from "../audit/stale-save";
import { codeInputSchema } from "./code-editor";

// The admin's discount code form (app/components/admin/discount-code-form.tsx) as the editor's
// input: the amount read by the kind (percent or pounds), pounds to pence, days typed dd/mm/yyyy to
// the moments they start and end in London, empty limits to none, the products' slugs from one
// comma-separated field. The editor's schema (server/discounts/code-editor.ts) checks the values,
// so its messages show beside the fields. Text that cannot be read becomes a value the editor
// refuses with its own message.

const DAY_MS = 86_400_000;
const UNREADABLE = -1;

export const optionalText = z
  .string()
  .optional()
  .transform((text) => text?.trim() ?? "");

export const optionalWhole = optionalText.transform((text) =>
  text === "" ? null : /^\d{1,7}$/.test(text) ? Number(text) : UNREADABLE,
);

/**
 * A typed day, or null; `after` gives the moment the day after begins (an inclusive last day). A
 * day that is not one becomes 1970's first moment, which the editor refuses with its message.
 */
export const optionalDay = (after: boolean) =>
  optionalText.transform((text) => {
    if (text === "") return null;
    const day = readShopDay(text);
    if (day === null) return new Date(0);
    const start = shopDayStart(day);
    // The day after's midnight in London: a day and two hours on, then back to that day's start.
    return after
      ? shopDayStart(new Date(start.getTime() + DAY_MS + 2 * 3_600_000).toISOString().slice(0, 10))
      : start;
  });

export const discountFormSchema = z
  .object({
    id: z.string().min(1).max(100).optional(),
    code: z.string(),
    kind: z.string(),
    amount: optionalText,
    minSpend: optionalText,
    startsOn: optionalDay(false),
    endsOn: optionalDay(true),
    usageLimit: optionalWhole,
    perCustomerLimit: optionalWhole,
    products: optionalText,
    category: optionalText,
    active: z
      .literal("on")
      .optional()
      .transform((value) => value === "on"),
    /** The version the editor opened (an edit's form only). */
    version: openedVersionField,
  })
  .transform(({ id, amount, minSpend, startsOn, endsOn, products, category, ...rest }) => ({
    ...rest,
    ...(id ? { id } : {}),
    amount:
      rest.kind === "fixed"
        ? (parsePounds(amount) ?? 0)
        : /^\d{1,3}$/.test(amount)
          ? Number(amount)
          : 0,
    minSpendPence: minSpend === "" ? null : (parsePounds(minSpend) ?? 0),
    startsAt: startsOn,
    endsAt: endsOn,
    productSlugs: products
      .split(",")
      .map((slug) => slug.trim().toLowerCase())
      .filter(Boolean),
    categoryIds: category ? [category] : [],
  }))
  .pipe(codeInputSchema.safeExtend({ id: z.string().optional() }));
